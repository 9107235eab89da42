// The prompt box and its state. What app/ uses of it.
export { PromptBox } from './components/prompt-box';
export { promptStore } from './stores/prompt-store';
