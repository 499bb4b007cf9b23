import { z } from 'zod';

/** The longest note the API takes. */
export const NOTE_MAX = 2000;

/**
 * A note on an incident's timeline: some text, at most {@link NOTE_MAX} characters, spaces around it dropped (the
 * body the API takes). Messages are keys of the `alerts` namespace, translated where they are shown.
 */
export const NoteForm = z.object({
  text: z.string().trim().min(1, 'ack.noteRequired').max(NOTE_MAX, 'ack.noteTooLong'),
});
export type NoteForm = z.input<typeof NoteForm>;
