import type { IncidentActor, IncidentNoteView } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

interface NoteRow {
  id: string;
  author_name: string;
  text: string;
  created_at: Date;
}

const view = (r: NoteRow): IncidentNoteView => ({
  id: r.id,
  author: r.author_name,
  text: r.text,
  created_at: r.created_at.toISOString(),
});

/** Notes on incidents' timelines (incident_notes; owner: alerting). */
@Injectable()
export class IncidentNotesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The notes of an incident, oldest first. */
  async list(incidentId: string): Promise<IncidentNoteView[]> {
    const rows = await this.prisma.$queryRaw<NoteRow[]>(Db.Prisma.sql`
      SELECT id, author_name, text, created_at FROM incident_notes
       WHERE incident_id = ${incidentId}::uuid ORDER BY created_at, id`);
    return rows.map(view);
  }

  /** Adds a note to an incident of the organisation; null when there is no such incident. */
  async add(orgId: string, incidentId: string, author: IncidentActor, text: string): Promise<IncidentNoteView | null> {
    const rows = await this.prisma.$queryRaw<NoteRow[]>(Db.Prisma.sql`
      INSERT INTO incident_notes (incident_id, org_id, author_id, author_name, text)
      SELECT id, org_id, ${author.userId}::uuid, ${author.name}, ${text}
        FROM incidents WHERE id = ${incidentId}::uuid AND org_id = ${orgId}::uuid
      RETURNING id, author_name, text, created_at`);
    return rows[0] ? view(rows[0]) : null;
  }
}
