import type { DescribeRequest } from '@/contract/requests/describe';
import { inMediaPool } from '@/engine/media/media-pool';
import { costOf } from '@/contract/costs';
import type { ImageReading } from '@/engine/media/image-ops/describe';
import { ratioOf } from '@/engine/media/image-ops/describe';
import type { StoredTextOutput } from '@/engine/db/stored-output';
import { checkFetchUrl, fetchRgb } from './fetched';
import type { OperationImpl } from './types';

/** Statistics of the whole picture need no more than this many pixels across. */
const READ_SIDE = 128;

const list = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** Four prompts in different styles, each naming the dominant colours and ending in --ar. */
function promptsFor(r: ImageReading, ar: string): string[] {
  const colours = list(r.colours.slice(0, 2).map((c) => c.name));
  const scene = list(r.subjects);
  const [first = 'calm', ...rest] = r.mood;
  const mood = [first, ...rest].join(', ');
  return [
    `${scene} in ${colours} tones, ${mood}, digital painting --ar ${ar}`,
    `a ${first} scene of ${scene}, ${colours} palette, cinematic lighting --ar ${ar}`,
    `${colours} ${scene}, flat vector illustration, soft gradients --ar ${ar}`,
    `photograph of ${scene}, ${colours} hues, ${mood}, wide angle lens --ar ${ar}`,
  ];
}

function descriptionOf(r: ImageReading, size: { width: number; height: number }, ar: string) {
  const colours = r.colours.map((c) => `${c.name} ${Math.round(c.share * 100)}%`).join(', ');
  return (
    `Dominant colours: ${colours}. Scene: ${r.subjects.join(', ')}. ` +
    `Mood: ${r.mood.join(', ')}. Size ${size.width}x${size.height} (${ar}).`
  );
}

/** Prompt suggestions for a fetched image, read from its colours and layout. */
export const describeOperation: OperationImpl<DescribeRequest> = {
  plan(req) {
    checkFetchUrl('imgUrl', req.imgUrl);
    return {
      prompt: '',
      parentJobId: null,
      imageNo: null,
      cost: costOf({ operation: 'describe', speed: 'fast' }),
    };
  },
  async run(_task, req, ctx): Promise<StoredTextOutput> {
    let size = { width: 1, height: 1 };
    const small = await fetchRgb(ctx, 'imgUrl', req.imgUrl, (img) => {
      size = { width: img.width, height: img.height };
      const k = READ_SIDE / Math.max(img.width, img.height);
      return {
        width: Math.max(1, Math.round(img.width * k)),
        height: Math.max(1, Math.round(img.height * k)),
      };
    });
    const reading = await inMediaPool('readImage', [small], ctx.signal);
    const ar = ratioOf(size.width, size.height);
    const prompts = promptsFor(reading, ar);
    return {
      kind: 'text',
      prompts,
      promptEn: prompts.join('\n\n'),
      description: descriptionOf(reading, size, ar),
      finalPrompt: prompts[0] ?? '',
    };
  },
};
