import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { BillingClient, statusPagesAllowed } from '../billing/billing.client';
import { DuplicateKeyError, refusingDuplicates } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { StatusPagesRepository, type StatusPageRecord } from './status-pages.repository';
import { PublicStatusService } from './public-status.service';

/** A status page as the settings API shows it. */
export function statusPageView(row: StatusPageRecord) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    server_ids: row.serverIds,
    url: `/status/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const slugTaken = () =>
  new ApiError('Conflict', 'this slug is taken by another status page', 'Choose another slug.', {
    fields: [{ field: 'slug', problem: 'taken' }],
  });

/**
 * Status pages (Pro plan and up): an organisation publishes chosen servers' status at /status/<slug>. Changes are
 * audited and drop the page's cached public view at once.
 */
@Injectable()
export class StatusPagesService {
  constructor(
    private readonly repository: StatusPagesRepository,
    private readonly publicView: PublicStatusService,
    private readonly billing: BillingClient,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(orgId: string) {
    return (await this.repository.list(orgId)).map(statusPageView);
  }

  async get(orgId: string, id: string) {
    return statusPageView(await this.owned(orgId, id));
  }

  async create(caller: Principal, input: { slug: string; title: string; server_ids: string[] }) {
    await this.requirePlan(caller.orgId);
    const serverIds = await this.ownedServers(caller.orgId, input.server_ids);
    const row = await this.refusingTakenSlug(() =>
      this.repository.create({
        orgId: caller.orgId,
        slug: input.slug,
        title: input.title,
        serverIds,
        createdBy: caller.userId,
      }),
    );
    await this.audit.record(
      caller,
      'status_page.created',
      { type: 'status_page', id: row.id },
      { slug: row.slug, title: row.title, server_ids: row.serverIds },
    );
    return statusPageView(row);
  }

  async update(caller: Principal, id: string, input: { slug?: string; title?: string; server_ids?: string[] }) {
    const before = await this.owned(caller.orgId, id);
    await this.requirePlan(caller.orgId);
    const serverIds = input.server_ids ? await this.ownedServers(caller.orgId, input.server_ids) : undefined;
    const row = await this.refusingTakenSlug(() =>
      this.repository.update(id, { slug: input.slug, title: input.title, serverIds }, this.clock.now()),
    );
    this.publicView.forget(before.slug);
    await this.audit.record(
      caller,
      'status_page.updated',
      { type: 'status_page', id },
      { slug: row.slug, title: row.title, server_ids: row.serverIds },
    );
    return statusPageView(row);
  }

  async delete(caller: Principal, id: string): Promise<void> {
    const row = await this.owned(caller.orgId, id);
    await this.repository.delete(row.id);
    this.publicView.forget(row.slug);
    await this.audit.record(caller, 'status_page.deleted', { type: 'status_page', id }, { slug: row.slug });
  }

  /** A page of the organisation, or 404 (unknown and another organisation's look the same). */
  async owned(orgId: string, id: string): Promise<StatusPageRecord> {
    if (!isUuid(id)) throw ApiError.notFound('status page');
    const row = await this.repository.find(orgId, id);
    if (!row) throw ApiError.notFound('status page');
    return row;
  }

  private async requirePlan(orgId: string): Promise<void> {
    const plan = await this.billing.entitlements(orgId);
    if (!statusPagesAllowed(plan))
      throw ApiError.notInPlan(
        'status pages are',
        plan.planId,
        'pro',
        'Upgrade to Pro or higher to publish a status page.',
      );
  }

  /** The ids, deduplicated in order; every one must be a server of the organisation (else 400 naming it). */
  private async ownedServers(orgId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const bad = unique.filter((id) => !isUuid(id));
    const owned = bad.length === 0 ? await this.repository.ownedServerIds(orgId, unique) : new Set<string>();
    const unknown = unique.filter((id) => !owned.has(id));
    if (unknown.length > 0)
      throw new ApiError(
        'ValidationFailed',
        `server_ids names ${unknown.length} server(s) this organisation does not have`,
        'Give ids from GET /api/v1/servers.',
        { fields: [{ field: 'server_ids', problem: `unknown server ids: ${unknown.join(', ')}` }] },
      );
    return unique;
  }

  private async refusingTakenSlug<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await refusingDuplicates(write);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw slugTaken();
      throw error;
    }
  }
}
