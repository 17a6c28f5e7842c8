import { describe, expect, it } from 'vitest';
import { ownerOf, ownerTag } from '../../grader/sandbox/core/owner-tag.ts';

describe('ownerTag / ownerOf', () => {
  it('reads back the owner it wrote, after the prefix', () => {
    const owner = { namespace: 4026531836, pid: 4242 };
    expect(ownerOf(`dispatch-lab-case-${ownerTag(owner)}-Ab12Cd`, 'dispatch-lab-case-')).toEqual(owner);
  });

  it.each<[string, string]>([
    ['dispatch-lab-case-Ab12Cd', 'dispatch-lab-case-'],
    ['dispatch-lab-0b7c1e2a-1111-4222-8333-944445555666', 'dispatch-lab-'],
    ['someone-else-1.2-x', 'dispatch-lab-'],
    ['dispatch-lab-case-1.0-x', 'dispatch-lab-case-'],
    ['dispatch-lab-case-1.2', 'dispatch-lab-case-'],
    ['dispatch-lab-case-1.-3-x', 'dispatch-lab-case-'],
  ])('%s (prefix %s) names no owner: never swept', (name, prefix) => {
    expect(ownerOf(name, prefix)).toBeUndefined();
  });
});
