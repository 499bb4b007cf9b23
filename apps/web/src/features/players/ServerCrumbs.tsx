import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { client, unwrap } from '../../lib/api/client';
import { keys } from '../../lib/query';

/** The server's name (undefined while loading or when it is not found). */
export function useServerName(serverId: string): string | undefined {
  const server = useQuery({
    queryKey: keys.server(serverId),
    queryFn: () => unwrap(client.GET('/api/v1/servers/{id}', { params: { path: { id: serverId } } })),
  });
  return server.data?.name;
}

/** Servers › server › (optional middle) › here. */
export function ServerCrumbs(props: { serverId: string; name: string | undefined; middle?: ReactNode; here: string }) {
  const { t } = useTranslation('players');
  return (
    <p className="crumbs">
      <Link to="/servers">{t('crumbServers')}</Link> <span aria-hidden="true">›</span>{' '}
      <Link to="/servers/$id" params={{ id: props.serverId }}>
        {props.name ?? t('server')}
      </Link>{' '}
      {props.middle && (
        <>
          <span aria-hidden="true">›</span> {props.middle}{' '}
        </>
      )}
      <span aria-hidden="true">›</span> {props.here}
    </p>
  );
}
