// The Pixi side of the projector (lazy chunk): one Application sized to the screen, one
// controller that animates in the ticker. React re-renders only when the model changes.
import { Application, extend, useApplication } from '@pixi/react';
// The app's Content-Security-Policy forbids eval: Pixi's shader and uniform code then comes from here.
import 'pixi.js/unsafe-eval';
import { Container, Graphics, type Application as PixiApplication, Sprite, Text, type Ticker } from 'pixi.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SceneController } from './controller';
import type { SceneModel } from './model';
import { type BoardRenderer, chooseBoardRenderer } from './renderer-choice';

extend({ Container, Graphics, Sprite, Text });

/** Chosen once per page: probing opens a WebGL context. */
let chosen: BoardRenderer | null = null;
function boardRenderer(): BoardRenderer {
  if (chosen === null) chosen = chooseBoardRenderer(window.localStorage);
  return chosen;
}

export default function PixiScene({ model }: { model: SceneModel }) {
  const host = useRef<HTMLDivElement>(null);
  const preference = boardRenderer();
  // Which renderer Pixi actually started (WebGL can still fail to start: then canvas).
  const [used, setUsed] = useState<string | null>(null);
  // The app may already be destroyed when its init ends (the screen was left meanwhile): no renderer.
  const onInit = useCallback((app: PixiApplication) => setUsed(app.renderer?.name ?? null), []);
  return (
    <div ref={host} className="proj-scene__canvas" data-renderer={used ?? undefined}>
      <Application
        onInit={onInit}
        resizeTo={host}
        backgroundAlpha={0}
        antialias={false}
        autoDensity
        resolution={Math.min(2, window.devicePixelRatio || 1)}
        // @pixi/react's types still say 'webgl' | 'webgpu'; Pixi itself takes an ordered list
        // (only those renderers are tried) and 'canvas'.
        preference={(preference === 'webgl' ? ['webgl', 'canvas'] : ['canvas']) as unknown as 'webgl'}
        powerPreference="high-performance"
      >
        <Stage model={model} />
      </Application>
    </div>
  );
}

/**
 * @pixi/react renders the stage again while the Application is still initialising (a model change
 * during init): `app` then has no renderer, screen or ticker yet. Nothing reads them before
 * `isInitialised` (issue 21: "Cannot read properties of undefined (reading 'name')" on screen changes).
 * Nor after the app is destroyed: a screen left while its scene was still starting has its root
 * unmounted when the init ends, and @pixi/react renders the stage once more in the same commit that
 * destroys the app (renderer and ticker null). Effects check the renderer when they run, not only
 * when the stage rendered ("reading 'name'" of null), and the ticker is left alone once destroyed
 * (@pixi/react's useTick removed its callback from it: "reading 'next'" of null).
 */
function Stage({ model }: { model: SceneModel }) {
  const { app, isInitialised } = useApplication();
  const ready = isInitialised && !!app?.renderer;
  const root = useRef<Container>(null);
  const controller = useRef<SceneController | null>(null);
  const latest = useRef(model);
  latest.current = model;

  useEffect(() => {
    if (!root.current || !ready || !app.renderer) return;
    const c = new SceneController(root.current, app.renderer.name === 'canvas');
    c.setModel(latest.current);
    controller.current = c;
    return () => {
      c.destroy();
      controller.current = null;
    };
  }, [app, ready]);
  useEffect(() => {
    controller.current?.setModel(model);
  }, [model]);
  // Paused or blanked: no frame at all (a projector left on a blank screen should not heat the laptop).
  useEffect(() => {
    if (!ready || !app.renderer || !app.ticker) return;
    if (model.still) app.ticker.stop();
    else app.ticker.start();
  }, [app, ready, model.still]);

  useEffect(() => {
    const ticker = ready && app.renderer ? app.ticker : null;
    if (!ticker) return;
    const tick = (t: Ticker) => {
      if (!app.renderer) return;
      const screen = app.screen;
      controller.current?.tick(t.deltaMS, screen.width, screen.height);
    };
    ticker.add(tick);
    return () => {
      // A destroyed app has destroyed its ticker, listeners included.
      if (app.ticker === ticker) ticker.remove(tick);
    };
  }, [app, ready]);

  return <pixiContainer ref={root} />;
}
