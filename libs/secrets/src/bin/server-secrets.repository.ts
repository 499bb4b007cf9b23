import { Client } from 'pg';

/** A stored admin password: the server's id and its sealed blob. */
export interface SealedRow {
  id: string;
  admin_password_enc: Buffer;
}

/**
 * The rotation command's access to `servers` (owner: api-gateway): one connection, one transaction per batch, its
 * rows held FOR UPDATE until the batch is written.
 */
export class ServerSecretsRepository {
  private constructor(private readonly client: Client) {}

  /** Connects to the database at `url`. */
  static async connect(url: string): Promise<ServerSecretsRepository> {
    const client = new Client({ connectionString: url, application_name: 'gsm-rotate-secrets' });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return new ServerSecretsRepository(client);
  }

  /** Runs `work` in one transaction; rolled back when it throws or when `commit` answers false (a dry run). */
  async inTransaction<T>(work: () => Promise<T>, commit: () => boolean): Promise<T> {
    await this.client.query('BEGIN');
    try {
      const result = await work();
      await this.client.query(commit() ? 'COMMIT' : 'ROLLBACK');
      return result;
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** The next `size` servers after id `after` (by id), locked until the transaction ends. */
  async lockBatch(after: string | null, size: number): Promise<SealedRow[]> {
    const { rows } = await this.client.query<SealedRow>(
      `SELECT id, admin_password_enc FROM servers
        WHERE $1::uuid IS NULL OR id > $1::uuid
        ORDER BY id LIMIT $2 FOR UPDATE`,
      [after, size],
    );
    return rows;
  }

  /** Stores the re-sealed passwords of these servers. */
  async reseal(ids: readonly string[], sealed: readonly Buffer[]): Promise<void> {
    await this.client.query(
      `UPDATE servers AS s SET admin_password_enc = v.enc
         FROM unnest($1::uuid[], $2::bytea[]) AS v(id, enc)
        WHERE s.id = v.id`,
      [ids, sealed],
    );
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
