/*
 * Publishes one event from a separate process, for cross-process messaging tests:
 *   node publish-event.js <contract key> <json payload> [--durable] [--message-id ID]
 * Environment: NATS_URL, NATS_PREFIX. Prints the message id, or the error, and exits.
 */
import { Subjects } from '@app/contracts';
import { Messaging } from '@app/messaging';

async function main(): Promise<void> {
  const [key, json, ...flags] = process.argv.slice(2);
  const contract = Subjects[key as keyof typeof Subjects];
  if (!contract || !json) throw new Error('usage: publish-event <contract key> <json payload> [--durable]');
  const messaging = await Messaging.connect({
    servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    service: 'publisher-process',
    prefix: process.env.NATS_PREFIX ?? 'gsm',
  });
  const idFlag = flags.indexOf('--message-id');
  const messageId = idFlag >= 0 ? flags[idFlag + 1] : undefined;
  const payload = JSON.parse(json) as never;
  const id = flags.includes('--durable')
    ? (await messaging.publishDurable(contract, payload, { messageId })).messageId
    : messaging.publish(contract, payload, { messageId });
  await messaging.close();
  process.stdout.write(`${id}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).name}: ${(error as Error).message}\n`);
  process.exit(1);
});
