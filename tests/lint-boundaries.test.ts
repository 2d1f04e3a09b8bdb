import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries of eslint.config.js, tried on deliberate violations. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['workflows/example/example.workflow.ts', "import { Pool } from 'pg';\nexport const pool = Pool;\n", 'Workflow code does no I/O'],
    [
      'workflows/example/example.workflow.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      'Workflow code does no I/O',
    ],
    [
      'domain/example/example.service.ts',
      "import { thing } from '../../app/thing';\nexport const value = thing;\n",
      'domain/ is imported by those layers',
    ],
    [
      'domain/example/example.service.ts',
      "import { Client } from '@temporalio/client';\nexport const client = Client;\n",
      'domain/ stays free of Temporal',
    ],
    [
      'domain/example/example.service.ts',
      "import { loadCorpus } from '../../tests/support/intent-corpus';\nexport const load = loadCorpus;\n",
      'Production code does not import from tests/',
    ],
    [
      'app/routes/example.tsx',
      "import { signedInPage } from '../../tests/support/browser';\nexport const page = signedInPage;\n",
      'Production code does not import from tests/',
    ],
    [
      'workers/example.ts',
      "import { fixture } from '../tests/fixtures/example';\nexport const value = fixture;\n",
      'Production code does not import from tests/',
    ],
  ])('refuses %s importing what it may not', async (filePath, code, message) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages.some((text) => text.includes(message))).toBe(true);
  });

  it('lets a test import its helpers, and production code its own layers', async () => {
    expect(
      await restrictedImports(
        'domain/example/example.test.ts',
        "import { loadCorpus } from '../../tests/support/intent-corpus';\nexport const load = loadCorpus;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'domain/example/example.service.ts',
        "import { z } from '../shared/validation';\nexport const schema = z.string();\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'app/routes/example.tsx',
        "import { z } from '../../domain/shared/validation';\nexport const schema = z.string();\n",
      ),
    ).toEqual([]);
  });
});
