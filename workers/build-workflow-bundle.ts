import { bundleWorkflowCode } from '@temporalio/worker';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workflowBundlePath } from './worker';

// Built once for production so the worker does not run webpack at every start.
const { code } = await bundleWorkflowCode({
  workflowsPath: fileURLToPath(new URL('../workflows/index.ts', import.meta.url)),
});
await mkdir(dirname(workflowBundlePath), { recursive: true });
await writeFile(workflowBundlePath, code);
console.log(`workflow bundle written to ${workflowBundlePath}`);
