// The canvas editor (Vary region, Edit, Upload and paint), loaded lazily by app/.
export { default } from './components/canvas-editor';
