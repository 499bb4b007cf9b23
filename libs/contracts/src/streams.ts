import { Subjects } from './subjects';

/**
 * A JetStream stream the platform declares in code at start-up (idempotently). Names and subjects are relative:
 * the messaging lib prefixes them with the deployment namespace (stream `GSM_POLL_JOBS`, subject `gsm.poll.job.v1.>`).
 */
export interface StreamDefinition {
  readonly name: string;
  readonly subjects: readonly string[];
  readonly retention: 'limits' | 'workqueue';
  /** Maximum age of a message in seconds (0 = unlimited). */
  readonly maxAgeSeconds: number;
  /** JetStream de-duplication window for message ids, in seconds. */
  readonly duplicateWindowSeconds: number;
  /** The service that declares it. */
  readonly owner: 'poller' | 'alerting' | 'any';
}

const all = (subject: string): string => `${subject}.>`;

/** The platform's streams. */
export const Streams = {
  pollJobs: {
    name: 'POLL_JOBS',
    subjects: [all(Subjects.pollJob.subject)],
    retention: 'workqueue',
    maxAgeSeconds: 15 * 60,
    duplicateWindowSeconds: 120,
    owner: 'poller',
  },
  pollResults: {
    name: 'POLL_RESULTS',
    subjects: [all(Subjects.pollResult.subject), all(Subjects.serverStatus.subject)],
    retention: 'limits',
    maxAgeSeconds: 24 * 3600,
    duplicateWindowSeconds: 120,
    owner: 'poller',
  },
  deliveries: {
    name: 'DELIVERIES',
    subjects: [all(Subjects.deliveryJob.subject)],
    retention: 'workqueue',
    maxAgeSeconds: 7 * 24 * 3600,
    duplicateWindowSeconds: 600,
    owner: 'alerting',
  },
  deadLetters: {
    name: 'DEAD_LETTERS',
    subjects: [all(Subjects.deadLetter.subject)],
    retention: 'limits',
    maxAgeSeconds: 14 * 24 * 3600,
    duplicateWindowSeconds: 120,
    owner: 'any',
  },
} as const satisfies Record<string, StreamDefinition>;
