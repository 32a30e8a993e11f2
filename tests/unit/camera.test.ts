import { describe, expect, it } from 'vitest';
import { cameraFailure } from '../../src/features/tags/camera.js';

describe('cameraFailure', () => {
  it('tells a blocked camera from a missing one', () => {
    expect(cameraFailure(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraFailure(new DOMException('Insecure', 'SecurityError'))).toBe('denied');
    expect(cameraFailure(new DOMException('Requested device not found', 'NotFoundError'))).toBe('no-camera');
    expect(cameraFailure('Camera not found.')).toBe('no-camera');
  });
});
