// What app/ uses of the tools feature on the first page. The tool forms themselves
// (`components/tools.ts`) are imported by the tools page, a chunk of its own, by path: an
// index the first page imports puts all it exports in the first page's chunk.
export type { ToolFormProps } from './components/tools';
export { blendInputsStore } from './stores/blend-inputs';
