import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

/**
 * Generates a client's types from the document with openapi-typescript, the way an API consumer
 * would, and type-checks `usage` (TypeScript that imports them from './api' and contracts from
 * '@stardeck/contracts') against them. Returns the compiler's complaints, none when they agree.
 */
export async function typeCheckGeneratedClient(document: object, usage: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'stardeck-client-'));
  try {
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as OpenAPI3)));
    writeFileSync(join(dir, 'usage.ts'), usage);
    const contracts = require.resolve('@stardeck/contracts').replace(/\.js$/, '.d.ts');
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      experimentalDecorators: true,
      paths: { '@stardeck/contracts': [contracts] },
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
