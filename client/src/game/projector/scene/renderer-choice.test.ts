import { describe, expect, it } from 'vitest';
import { BOARD_RENDERER_KEY, chooseBoardRenderer, isSoftwareRenderer } from './renderer-choice';

const storage = (value: string | null) => ({
  getItem: (k: string) => (k === BOARD_RENDERER_KEY ? value : null),
});
const gpu = (name: string | null) => () => ({ name });

describe('the board renderer', () => {
  it('draws with WebGL on a hardware GPU', () => {
    expect(
      chooseBoardRenderer(
        storage(null),
        gpu('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)'),
      ),
    ).toBe('webgl');
    expect(
      chooseBoardRenderer(
        storage(null),
        gpu('ANGLE (NVIDIA, NVIDIA GeForce GTX 1050 Direct3D11 vs_5_0 ps_5_0, D3D11)'),
      ),
    ).toBe('webgl');
    expect(chooseBoardRenderer(storage(null), gpu('Apple M1'))).toBe('webgl');
  });

  it('falls back to Canvas 2D where WebGL runs on the CPU or is missing', () => {
    expect(
      chooseBoardRenderer(
        storage(null),
        gpu('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'),
      ),
    ).toBe('canvas');
    expect(chooseBoardRenderer(storage(null), gpu('llvmpipe (LLVM 15.0.6, 256 bits)'))).toBe('canvas');
    expect(
      chooseBoardRenderer(storage(null), gpu('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)')),
    ).toBe('canvas');
    expect(chooseBoardRenderer(storage(null), gpu(null))).toBe('canvas');
  });

  it('follows a stored override, and ignores a stored value it does not know', () => {
    expect(chooseBoardRenderer(storage('webgl'), gpu('SwiftShader'))).toBe('webgl');
    expect(chooseBoardRenderer(storage('canvas'), gpu('Apple M1'))).toBe('canvas');
    expect(chooseBoardRenderer(storage('webgpu'), gpu('Apple M1'))).toBe('webgl');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(chooseBoardRenderer(broken, gpu('Apple M1'))).toBe('webgl');
  });

  it('knows the software renderers by name', () => {
    expect(isSoftwareRenderer('Google SwiftShader')).toBe(true);
    expect(isSoftwareRenderer('Mesa llvmpipe')).toBe(true);
    expect(isSoftwareRenderer('AMD Radeon RX 580')).toBe(false);
  });
});
