import type { GetAnswer, paths } from '../../lib/api/client';

/**
 * The alerting pages' shapes. What the API sends and takes comes from the generated OpenAPI types (`lib/api/
 * schema.d.ts`); below them, the few UI-side lists and types the document does not carry.
 */

type Body<P extends keyof paths, M extends 'post' | 'patch'> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer T } };
}
  ? T
  : never;
type Answer<P extends keyof paths, M extends 'post' | 'patch', S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type RuleKind = GetAnswer<'/api/v1/alert-rule-kinds'>[number];
export type ParamSpec = RuleKind['params'][number];
export type Rule = GetAnswer<'/api/v1/servers/{id}/alert-rules'>[number];
export type RuleState = Rule['state'];
export type Severity = Rule['severity'];
export type NewRule = Body<'/api/v1/servers/{id}/alert-rules', 'post'>;
export type RuleChanges = Body<'/api/v1/servers/{id}/alert-rules/{ruleId}', 'patch'>;

export type Channel = GetAnswer<'/api/v1/notification-channels'>[number];
export type ChannelKind = Channel['kind'];
/** The language a channel's alert messages are written in. */
export type ChannelLocale = Channel['locale'];
/** A channel just created or changed; a webhook's signing secret is in it once. */
export type SavedChannel = Answer<'/api/v1/notification-channels', 'post', 201>;
export type NewChannel = Body<'/api/v1/notification-channels', 'post'>;
export type ChannelChanges = Body<'/api/v1/notification-channels/{id}', 'patch'>;
export type ChannelTest = Answer<'/api/v1/notification-channels/{id}/test', 'post', 200>;

export type IncidentPage = GetAnswer<'/api/v1/alerts/incidents'>;
export type Incident = IncidentPage['items'][number];
export type IncidentDetails = GetAnswer<'/api/v1/alerts/incidents/{id}'>;
export type IncidentFilters = NonNullable<paths['/api/v1/alerts/incidents']['get']['parameters']['query']>;

export type DeliveryPage = GetAnswer<'/api/v1/alerts/deliveries'>;
export type Delivery = DeliveryPage['items'][number];
export type Attempt = Delivery['attempt_log'][number];
export type DeliveryFilters = NonNullable<paths['/api/v1/alerts/deliveries']['get']['parameters']['query']>;
export type DeliveryStatus = NonNullable<DeliveryFilters['status']>;

export type Silence = GetAnswer<'/api/v1/silences'>[number];
export type Recurrence = NonNullable<Silence['recurrence']>;
export type NewSilence = Body<'/api/v1/silences', 'post'>;
export type Day = NonNullable<NewSilence['recurrence']>['days'][number];

export type ServerRef = GetAnswer<'/api/v1/servers'>[number];

// ---------------------------------------------------------------- UI-side lists (the document has the types only)

/**
 * A list of every value of a union, in the order the pages show them: it does not compile while one is missing (a
 * new severity or status in the OpenAPI document then asks for its place and label here).
 */
function everyOf<Union>() {
  return <const List extends readonly Union[]>(
    list: List & ([Exclude<Union, List[number]>] extends [never] ? unknown : { missing: Exclude<Union, List[number]> }),
  ): List => list;
}

export const SEVERITIES = everyOf<Severity>()(['info', 'warning', 'critical']);
export const DELIVERY_STATUSES = everyOf<DeliveryStatus>()(['pending', 'sent', 'failed', 'dead', 'skipped']);
/** Monday first, as the API's weekly windows count (ISO). */
export const DAYS = everyOf<Day>()(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
/** The kinds of channel in the order the add form offers them. */
export const CHANNEL_KINDS = everyOf<ChannelKind>()(['discord', 'slack', 'teams', 'webhook', 'email', 'telegram']);
