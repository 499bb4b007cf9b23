import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** The length of a throttle window (the SQL below spells it out: 60). */
export const WINDOW_SECONDS = 60;

/** A subject's count in the current window, and the seconds until the window ends. */
export interface WindowCount {
  count: number;
  retryAfter: number;
}

/** The probe_rate_windows table (owner: api-gateway): one fixed-window counter per subject. */
@Injectable()
export class ProbeRateRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Counts one probe of `subject` in the current minute (on the database's clock) in one atomic upsert, and
   * answers the count so far with the seconds left in the window.
   */
  async count(subject: string): Promise<WindowCount> {
    const [row] = await this.prisma.$queryRaw<WindowCount[]>`
      WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / 60) * 60) AS start)
      INSERT INTO probe_rate_windows AS p (subject, window_start, count)
      SELECT ${subject}, w.start, 1 FROM w
      ON CONFLICT (subject) DO UPDATE SET
        count = CASE WHEN p.window_start = EXCLUDED.window_start THEN p.count + 1 ELSE 1 END,
        window_start = EXCLUDED.window_start
      RETURNING count,
        greatest(1, ceil(extract(epoch FROM (window_start + interval '60 seconds' - now()))))::int
          AS "retryAfter"`;
    if (!row) throw new Error('probe_rate_windows did not count');
    return row;
  }
}
