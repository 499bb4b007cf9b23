import type { EventContract, StreamDefinition } from '@app/contracts';
import { ContractViolationError } from './errors';

const TOKEN = /^[A-Za-z0-9_-]+$/;

/** Builds concrete subjects and stream names inside one namespace (the prefix, `gsm` by default). */
export class SubjectNaming {
  constructor(readonly prefix: string) {}

  /** `gsm.poll.result.v1` */
  base(relative: string): string {
    return `${this.prefix}.${relative}`;
  }

  /** The subject a payload is published on: the base plus the contract's token taken from the payload. */
  forPayload(contract: EventContract, payload: unknown): string {
    if (!contract.token) return this.base(contract.subject);
    const value = (payload as Record<string, unknown>)[contract.token];
    if (typeof value !== 'string' || !TOKEN.test(value)) {
      throw new ContractViolationError(contract.subject, `${contract.token} must be a subject-safe token`);
    }
    return `${this.base(contract.subject)}.${value}`;
  }

  /** The subject pattern of a contract: every token, or one (e.g. one server's results). */
  pattern(contract: EventContract, token?: string): string {
    if (!contract.token) return this.base(contract.subject);
    return `${this.base(contract.subject)}.${token ?? '*'}`;
  }

  /** `GSM_POLL_JOBS` */
  stream(def: StreamDefinition): string {
    return `${this.prefix.toUpperCase().replace(/[^A-Z0-9_-]/g, '_')}_${def.name}`;
  }

  streamSubjects(def: StreamDefinition): string[] {
    return def.subjects.map((s) => this.base(s));
  }
}
