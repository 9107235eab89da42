import { describe, expect, it } from 'vitest';
import { TASK_TYPES } from '@/contract/task';
import { OPERATION_GROUPS, OPERATION_TYPES, STATUS_CHOICES, choiceIdFor } from './filter-options';

describe('choiceIdFor', () => {
  const all = [...OPERATION_GROUPS, ...OPERATION_TYPES];

  it('finds the choice that names exactly the set, in any order', () => {
    expect(choiceIdFor([], all)).toBe('');
    expect(choiceIdFor(['enhance_upscale', 'upscale'], all)).toBe('upscale');
    expect(choiceIdFor(['upscale'], all)).toBe('type:upscale');
    expect(choiceIdFor(['retry', 'pending', 'processing', 'staged'], STATUS_CHOICES)).toBe(
      'running',
    );
  });

  it('calls any other set custom', () => {
    expect(choiceIdFor(['upscale', 'diffusion'], all)).toBe('custom');
    expect(choiceIdFor(['completed', 'failed'], STATUS_CHOICES)).toBe('custom');
  });
});

describe('OPERATION_GROUPS', () => {
  it('puts every task type in exactly one group', () => {
    const grouped = OPERATION_GROUPS.flatMap((g) => g.values);
    expect([...grouped].sort()).toEqual([...TASK_TYPES].sort());
  });
});
