import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';

const api = { '/api': 'http://127.0.0.1:3000' };

/**
 * `@roam/contract` builds its zod schemas at module top level, next to the plain constants and functions the
 * screens use. A chained schema (`z.number().positive()`) is a call the bundler cannot prove pure, so one such
 * line would keep all of zod (~26 KB gzip) in every chunk that imports a helper from the same file — on the entry
 * path that is a quarter of the 100 KB budget for `/` (ARCHITECTURE §7). This marks every top-level `const` whose
 * value is a call (`const X = z…`, `const Y = X.extend(…)`, `new Set(…)`) pure, so an unused one is dropped.
 * Safe because the contract is schemas and pure rules only: none of its top-level calls is made for a side effect.
 */
function pureContractConstants(): Plugin {
  return {
    name: 'roam:pure-contract-constants',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]contract[\\/]src[\\/][\w-]+\.ts$/.test(id)) return null;
      const edits: { start: number; end: number }[] = [];
      for (const node of parseAst(code).body) {
        const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) {
          if (init && (init.type === 'CallExpression' || init.type === 'NewExpression')) edits.push(init);
        }
      }
      let out = code;
      for (const { start, end } of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractConstants()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    manifest: true,
  },
});
