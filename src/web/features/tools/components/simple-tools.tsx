import { useState } from 'react';
import { Field, TextAreaField, inputClass } from '@/web/components/ui/field';
import { issueFor } from '@/web/jobs/utils/validate-params';
import { useToolCheck } from '../hooks/use-tool-check';
import {
  describeCreate,
  removeBackgroundCreate,
  retextureCreate,
  shortenCreate,
} from '../utils/tool-params';
import { ImageSource } from './image-source';
import type { ToolFormProps } from './tool-card';
import { ToolCard } from './tool-card';

/**
 * The tools with one or two fields. Each checks its fields with the contract's schema on
 * submit, and again on every change after a refused submit, so a fix clears its message.
 */
export function DescribeTool(props: ToolFormProps) {
  const [url, setUrl] = useState('');
  const check = describeCreate(url);
  const { issues, onSubmit } = useToolCheck(check, props.submit);
  return (
    <ToolCard
      {...props}
      id="tool-describe"
      title="Describe"
      description="Four prompts that could have made an image."
      submitLabel="Describe"
      body={check.body}
      onSubmit={onSubmit}
    >
      <ImageSource
        id="describe-url"
        label="Image URL"
        value={url}
        onChange={setUrl}
        error={issueFor(issues, 'imgUrl')}
      />
    </ToolCard>
  );
}

export function ShortenTool(props: ToolFormProps) {
  const [prompt, setPrompt] = useState('');
  const check = shortenCreate(prompt);
  const { issues, onSubmit } = useToolCheck(check, props.submit);
  return (
    <ToolCard
      {...props}
      id="tool-shorten"
      title="Shorten"
      description="Five shorter versions of a long prompt."
      submitLabel="Shorten"
      body={check.body}
      onSubmit={onSubmit}
    >
      <TextAreaField
        id="shorten-prompt"
        label="Long prompt"
        rows={4}
        error={issueFor(issues, 'prompt')}
        value={prompt}
        onChange={setPrompt}
      />
    </ToolCard>
  );
}

export function RetextureTool(props: ToolFormProps) {
  const [url, setUrl] = useState('');
  const [prompt, setPrompt] = useState('');
  const check = retextureCreate(url, prompt);
  const { issues, onSubmit } = useToolCheck(check, props.submit);
  return (
    <ToolCard
      {...props}
      id="tool-retexture"
      title="Retexture"
      description="The same shapes in a new material or treatment."
      submitLabel="Retexture"
      body={check.body}
      onSubmit={onSubmit}
    >
      <ImageSource
        id="retexture-url"
        label="Image URL"
        value={url}
        onChange={setUrl}
        error={issueFor(issues, 'imgUrl')}
      />
      <Field id="retexture-prompt" label="New look" error={issueFor(issues, 'remixPrompt')}>
        {(control) => (
          <input
            {...control}
            type="text"
            placeholder="e.g. made of brushed copper"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
    </ToolCard>
  );
}

export function RemoveBackgroundTool(props: ToolFormProps) {
  const [url, setUrl] = useState('');
  const check = removeBackgroundCreate(url);
  const { issues, onSubmit } = useToolCheck(check, props.submit);
  return (
    <ToolCard
      {...props}
      id="tool-remove-background"
      title="Remove background"
      description="The subject on a transparent background."
      submitLabel="Remove background"
      body={check.body}
      onSubmit={onSubmit}
    >
      <ImageSource
        id="remove-background-url"
        label="Image URL"
        value={url}
        onChange={setUrl}
        error={issueFor(issues, 'imgUrl')}
      />
    </ToolCard>
  );
}
