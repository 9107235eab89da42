import type { ComponentType } from 'react';
import { BlendTool } from './blend-tool';
import { DescribeTool, RemoveBackgroundTool, RetextureTool, ShortenTool } from './simple-tools';
import type { ToolFormProps } from './tool-card';
import { TextToVideoTool } from './text-to-video-tool';
import { UploadPaintTool } from './upload-paint-tool';

export type { ToolFormProps } from './tool-card';

/** The Tools page's forms, in the order shown; the app layer gives each its create. */
export const TOOLS: { id: string; Form: ComponentType<ToolFormProps> }[] = [
  { id: 'describe', Form: DescribeTool },
  { id: 'shorten', Form: ShortenTool },
  { id: 'blend', Form: BlendTool },
  { id: 'retexture', Form: RetextureTool },
  { id: 'remove-background', Form: RemoveBackgroundTool },
  { id: 'upload-paint', Form: UploadPaintTool },
  { id: 'video', Form: TextToVideoTool },
];
