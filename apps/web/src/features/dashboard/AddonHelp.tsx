// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { FirewallRules } from '../../components/Diagnostics';

/** How to get the add-on's panels working (the target of every "How to fix it" link). */
export function AddonHelp(props: {
  open: boolean;
  reason: string | null;
  addonHttpPort?: number;
  addonWsPort?: number;
}) {
  const http = props.addonHttpPort ?? 8080;
  return (
    <section className="panel panel-wide" id="addon-help" aria-labelledby="addon-help-title">
      <details open={props.open}>
        <summary>
          <h2 id="addon-help-title">Ficsit Remote Monitoring add-on: how to fix it</h2>
        </summary>
        {props.reason && <p className="poll-error">Current problem: {props.reason}</p>}
        <p>
          Power, production, players with positions, trains, drones and factory buildings come from the Ficsit Remote
          Monitoring (FRM) add-on on the game server. Server status, tick rate, player count, tech tier and game phase
          work without it.
        </p>
        <ol className="steps">
          <li>Install the Ficsit Remote Monitoring mod on the dedicated server (with the Satisfactory Mod Manager).</li>
          <li>
            Open TCP {http} (add-on HTTP API) and TCP {props.addonWsPort ?? 8081} (add-on WebSocket) in the host
            firewall and in the cloud firewall or security group.
          </li>
          <li>Restart the game server so the add-on starts with it.</li>
          <li>
            Check that <code>http://&lt;host&gt;:{http}/getPower</code> returns a JSON array. An empty array means the
            add-on runs but no session is loaded.
          </li>
        </ol>
        <p className="muted small">
          The platform re-checks the add-on every few minutes; the panels fill in by themselves.
        </p>
        <FirewallRules addonHttpPort={props.addonHttpPort} addonWsPort={props.addonWsPort} />
      </details>
    </section>
  );
}
