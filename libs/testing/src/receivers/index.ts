export * from './http-receiver';
export * from './discord-receiver';
export * from './slack-receiver';
export * from './teams-receiver';
export * from './webhook-receiver';
export * from './smtp-receiver';
export * from './telegram-receiver';
export * from './alert-recipients';
