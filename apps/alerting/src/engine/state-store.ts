import { deliveryJobEvent, type DeliveryJob, type IncidentEvent } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AlertConfigCache } from './config-cache';
import type { AlertStateRow, Message, Outcome, RuleDef } from './model';
import { StateRepository, type StateBatch } from './state.repository';

/** What a persisted batch asks to publish once it is committed. */
export interface Committed {
  jobs: DeliveryJob[];
  opened: IncidentEvent[];
  resolved: IncidentEvent[];
  /** Incidents another replica had opened already (adopted, not notified again). */
  adopted: number;
}

const details = (m: Message) => ({ title: m.title, fields: m.fields, label: m.instance });

/**
 * Persists the evaluator's work: state rows, incidents and their deliveries, in one transaction per batch. The
 * database decides races between replicas: one open incident per (rule, server, instance) by a partial unique
 * index, one resolution per incident (`WHERE state = 'open'`), one delivery per (incident, channel, event).
 */
@Injectable()
export class StateStore {
  constructor(private readonly repository: StateRepository) {}

  /** Every state that is not normal. */
  loadStates(): Promise<AlertStateRow[]> {
    return this.repository.loadStates();
  }

  /** Who was online per server in the newest stored players poll (to tell joins after a restart). */
  loadPresence(): Promise<{ serverId: string; names: string[] }[]> {
    return this.repository.loadPresence();
  }

  /** The save per server at its newest stored health poll (to tell a save change after a restart). */
  loadSessions(): Promise<{ serverId: string; name: string | null; time: Date }[]> {
    return this.repository.loadSessions();
  }

  /** Writes one batch; returns what to publish after the commit. */
  async persist(
    outcomes: readonly Outcome[],
    dirty: Map<string, AlertStateRow | null>,
    config: AlertConfigCache,
  ): Promise<Committed> {
    const committed: Committed = { jobs: [], opened: [], resolved: [], adopted: 0 };
    if (outcomes.length === 0 && dirty.size === 0) return committed;
    await this.repository.inBatch(async (batch) => {
      for (const o of outcomes) await this.apply(batch, o, config, committed);
      await this.writeStates(batch, dirty);
    });
    return committed;
  }

  private async apply(batch: StateBatch, o: Outcome, config: AlertConfigCache, out: Committed): Promise<void> {
    const orgId = o.rule.orgId;
    switch (o.type) {
      case 'fire': {
        const opened = await batch.openIncident({
          id: o.row.incidentId!,
          orgId,
          serverId: o.row.serverId,
          ruleId: o.rule.id,
          instance: o.row.instance,
          summary: o.message.summary,
          details: details(o.message),
          openedAt: o.row.since,
          firedAt: o.message.at,
          severity: o.rule.severity,
          ruleKind: o.rule.kind,
          ruleName: o.rule.name,
          peak: o.row.peak,
          silenced: o.silenced,
        });
        if (!opened) {
          // Another replica opened it first: carry on with its incident; it has notified.
          const existing = await batch.openIncidentId(o.rule.id, o.row.serverId, o.row.instance);
          o.row.incidentId = existing; // null: the rule or the server was deleted meanwhile
          if (existing) out.adopted++;
          return;
        }
        out.opened.push(this.incidentEvent(o.rule, o.row.serverId, o.row.incidentId!, o.message));
        if (o.notify) await this.deliveries(batch, o.rule, o.row.incidentId!, 'fired', o.message, config, out);
        return;
      }
      case 'resolve': {
        if (!(await batch.resolveIncident(o.incidentId, o.message.at, o.row.peak))) return; // resolved elsewhere
        out.resolved.push(this.incidentEvent(o.rule, o.row.serverId, o.incidentId, o.message));
        if (o.notify) await this.deliveries(batch, o.rule, o.incidentId, 'resolved', o.message, config, out);
        return;
      }
      case 'notify': {
        await batch.unsilence(o.incidentId);
        await this.deliveries(batch, o.rule, o.incidentId, o.event, o.message, config, out);
        return;
      }
      case 'event': {
        const id = randomUUID();
        o.message.incidentId = id;
        const stored = await batch.recordEvent({
          id,
          orgId,
          serverId: o.serverId,
          ruleId: o.rule.id,
          instance: o.instance,
          summary: o.message.summary,
          details: details(o.message),
          openedAt: o.message.at,
          firedAt: o.message.at,
          severity: o.rule.severity,
          ruleKind: o.rule.kind,
          ruleName: o.rule.name,
          peak: null,
          silenced: !o.notify,
        });
        if (!stored) return;
        out.opened.push(this.incidentEvent(o.rule, o.serverId, id, o.message));
        if (o.notify) await this.deliveries(batch, o.rule, id, 'fired', o.message, config, out);
        return;
      }
    }
  }

  private incidentEvent(rule: RuleDef, serverId: string, incidentId: string, message: Message): IncidentEvent {
    return {
      incidentId,
      ruleId: rule.id,
      serverId,
      orgId: rule.orgId,
      ruleKind: rule.kind,
      severity: rule.severity,
      summary: message.summary,
      time: message.at.toISOString(),
    };
  }

  /** One delivery per channel of the rule; a repeated call inserts nothing (de-duplication key). */
  private async deliveries(
    batch: StateBatch,
    rule: RuleDef,
    incidentId: string,
    event: string,
    message: Message,
    config: AlertConfigCache,
    out: Committed,
  ): Promise<void> {
    const channels = config.channelsFor(rule);
    if (channels.length === 0) return;
    const rows = await batch.insertDeliveries({
      ids: channels.map(() => randomUUID()),
      channelIds: channels.map((c) => c.id),
      incidentId,
      event,
      orgId: rule.orgId,
      message: { ...message, incidentId },
    });
    const kinds = new Map(channels.map((c) => [c.id, c.kind]));
    const jobEvent = deliveryJobEvent(event);
    for (const r of rows)
      out.jobs.push({
        deliveryId: r.id,
        incidentId,
        channelId: r.channel_id,
        channelKind: kinds.get(r.channel_id)!,
        event: jobEvent,
      });
  }

  private async writeStates(batch: StateBatch, dirty: Map<string, AlertStateRow | null>): Promise<void> {
    const gone: { ruleId: string; serverId: string; instance: string }[] = [];
    const rows: AlertStateRow[] = [];
    for (const [key, row] of dirty) {
      if (row) rows.push(row);
      else {
        const [ruleId = '', serverId = '', ...instance] = key.split('|');
        gone.push({ ruleId, serverId, instance: instance.join('|') });
      }
    }
    await batch.deleteStates(gone);
    await batch.upsertStates(rows);
  }
}
