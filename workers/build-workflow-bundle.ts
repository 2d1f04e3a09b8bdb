import { workflowBundlePath, writeWorkflowBundle } from './worker';

// Built once for production so the worker does not run webpack at every start.
await writeWorkflowBundle(workflowBundlePath);
console.log(`workflow bundle written to ${workflowBundlePath}`);
