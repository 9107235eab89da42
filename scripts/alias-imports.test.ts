import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasFor, editsFor, programOf } from './alias-imports';

const root = path.resolve('/repo');
const at = (rel: string) => path.join(root, rel);

describe('programOf', () => {
  it('names the folder of src/ or of the root a file belongs to', () => {
    expect(programOf(at('src/web/features/jobs/x.ts'), root)).toBe('src/web');
    expect(programOf(at('src/main.ts'), root)).toBe('src');
    expect(programOf(at('e2e/serve.ts'), root)).toBe('e2e');
    expect(programOf(at('vite.config.ts'), root)).toBe('');
  });
});

describe('aliasFor', () => {
  const web = at('src/web/features/jobs/components/job-card.tsx');

  it('keeps imports in the same folder or one level up inside the program', () => {
    expect(aliasFor(web, './job-grid', root)).toBeNull();
    expect(aliasFor(web, '../utils/job-view', root)).toBeNull();
    expect(aliasFor(at('src/web/app/pages.tsx'), '../features/jobs/x', root)).toBeNull();
  });

  it('aliases imports that climb two or more levels, even inside the program', () => {
    expect(aliasFor(web, '../../create/stores/prompt', root)).toBe(
      '@/web/features/create/stores/prompt',
    );
    expect(aliasFor(web, '../../../lib/cn', root)).toBe('@/web/lib/cn');
  });

  it('aliases imports that reach into another program folder of src/, at any depth', () => {
    expect(aliasFor(at('src/fuzz/targets.ts'), '../engine/server', root)).toBe('@/engine/server');
    expect(aliasFor(at('src/main.ts'), './proxy/server', root)).toBe('@/proxy/server');
    expect(aliasFor(at('e2e/serve.ts'), '../src/main', root)).toBe('@/main');
    expect(aliasFor(at('src/main.ts'), './dev', root)).toBeNull();
  });

  it('leaves bare specifiers, aliases and paths outside src/ alone', () => {
    expect(aliasFor(web, 'react', root)).toBeNull();
    expect(aliasFor(web, '@/web/lib/cn', root)).toBeNull();
    expect(aliasFor(at('bench/run.ts'), '../e2e/chromium', root)).toBeNull();
    expect(aliasFor(at('src/engine/a/b/c.ts'), '../../../../vite.config', root)).toBeNull();
  });
});

describe('editsFor', () => {
  const file = at('src/web/features/jobs/api/job-queries.ts');

  it('rewrites static, type-only, re-exported and dynamic imports and keeps the quotes', () => {
    const text = [
      "import { http } from '../../../lib/http';",
      "import type { Job } from '../../../../contract/studio-api';",
      'export { x } from "../../../lib/x";',
      "const lazy = () => import('../../create/page');",
      "type T = import('../../../lib/t').T;",
      "import { near } from '../utils/near';",
    ].join('\n');
    expect(editsFor(file, text, root).map((e) => e.to)).toEqual([
      '@/web/lib/http',
      '@/contract/studio-api',
      '@/web/lib/x',
      '@/web/features/create/page',
      '@/web/lib/t',
    ]);
    const [first] = editsFor(file, text, root);
    expect(text.slice(first?.start, first?.end)).toBe('../../../lib/http');
  });

  it('finds nothing to do in text it already rewrote', () => {
    const text = "import { http } from '@/web/lib/http';\nimport { a } from './a';\n";
    expect(editsFor(file, text, root)).toEqual([]);
  });
});
