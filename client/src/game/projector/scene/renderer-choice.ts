// Which Pixi renderer draws the board. On a real GPU, WebGL. Where WebGL would run on the CPU
// (SwiftShader, llvmpipe: a school PC whose GPU the browser blocks, a virtual machine), Pixi's
// canvas renderer instead: there, 35 animated avatars run at about 60 frames/s through Canvas 2D
// and under 10 through software WebGL (docs/performance.md). `boardRenderer` in localStorage
// ('webgl' or 'canvas') overrides the choice, for support and for the browser tests.

export type BoardRenderer = 'webgl' | 'canvas';
export const BOARD_RENDERER_KEY = 'boardRenderer';

/** Renderer names of WebGL implementations that draw on the CPU. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render driver|gdi generic/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE.test(name);
}

interface ProbeResult {
  /** null: no WebGL at all. */
  name: string | null;
}

/** Opens a throwaway WebGL context to read the renderer's name, then releases it. */
export function probeWebGl(doc: Document = document): ProbeResult {
  try {
    const canvas = doc.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return { name: null };
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { name };
  } catch {
    return { name: null };
  }
}

export function chooseBoardRenderer(
  storage: Pick<Storage, 'getItem'> | null,
  probe: () => ProbeResult = probeWebGl,
): BoardRenderer {
  let forced: string | null = null;
  try {
    forced = storage?.getItem(BOARD_RENDERER_KEY) ?? null;
  } catch {
    forced = null;
  }
  if (forced === 'webgl' || forced === 'canvas') return forced;
  const { name } = probe();
  if (name === null) return 'canvas';
  return isSoftwareRenderer(name) ? 'canvas' : 'webgl';
}
