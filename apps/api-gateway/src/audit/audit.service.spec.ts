import { Logger } from '@nestjs/common';
import type { AuditEntryRecord, AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const entry = (id: number): AuditEntryRecord => ({
  id: String(id),
  createdAt: new Date('2026-03-01T10:00:00Z'),
  action: 'server.created',
  actorUserId: 'u',
  actorEmail: 'u@example.com',
  actorTokenId: null,
  targetType: 'server',
  targetId: 's',
  details: { name: 'Factory' },
  ip: null,
  requestId: null,
});

describe('AuditService', () => {
  it('pages newest first: a next_cursor only when there is more, and it is the last id shown', async () => {
    const repository = { page: jest.fn(async () => [entry(9), entry(8), entry(7)]), append: jest.fn() };
    const service = new AuditService(repository as unknown as AuditRepository);
    const first = await service.list(ORG, 2, null);
    expect(repository.page).toHaveBeenCalledWith(ORG, 3, null);
    expect(first.items.map((i) => i.id)).toEqual(['9', '8']);
    expect(first.next_cursor).toBe('8');
    expect(first.items[0]).toMatchObject({
      actor: { user_id: 'u', email: 'u@example.com', token_id: null },
      target: { type: 'server', id: 's' },
    });
    repository.page.mockResolvedValue([entry(7)]);
    expect((await service.list(ORG, 2, '8')).next_cursor).toBeNull();
  });

  it('a failed write is logged and does not fail the change it describes', async () => {
    const repository = { append: jest.fn(async () => Promise.reject(new Error('db down'))), page: jest.fn() };
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const service = new AuditService(repository as unknown as AuditRepository);
    await expect(
      service.record({ userId: 'u', orgId: ORG }, 'server.deleted', { type: 'server', id: 's' }),
    ).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
