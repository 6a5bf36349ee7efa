// Given a sign-in link's fragment, when it is read, then its token and a next page of this app come out,
// and a next page on another origin is dropped (no open redirect from a printed link).
import { describe, expect, it } from 'vitest';
import { linkInFragment } from './token-store.ts';

describe('linkInFragment', () => {
  it('reads the token and the next page', () => {
    expect(linkInFragment('#token=abc&next=/tournaments/t1/board')).toEqual({
      token: 'abc',
      next: '/tournaments/t1/board',
    });
  });

  it('has no link without a token', () => {
    expect(linkInFragment('')).toBeUndefined();
    expect(linkInFragment('#next=/x')).toBeUndefined();
    expect(linkInFragment('#token=%20')).toBeUndefined();
  });

  it('drops a next page on another origin', () => {
    expect(linkInFragment('#token=abc&next=//evil.example/x')?.next).toBeUndefined();
    expect(linkInFragment('#token=abc&next=https://evil.example')?.next).toBeUndefined();
    expect(linkInFragment('#token=abc&next=/\\evil.example')?.next).toBeUndefined();
  });
});
