// API keys the data commands send that the admin commands' table (client/api-keys.ts) does not list.
export const DATA_API = {
  InitProducerId: 22,
  ConsumerGroupHeartbeat: 68,
} as const;
