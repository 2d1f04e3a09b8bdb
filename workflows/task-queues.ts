/** Task-queue names are constants shared by the app (client) and the worker. */
export const taskQueues = {
  clinical: 'ggz-clinical',
} as const;
