// The Pixi side of the projector (lazy chunk): one Application sized to the screen, one
// controller that animates in the ticker. React re-renders only when the model changes.
import { Application, extend, useApplication, useTick } from '@pixi/react';
// The app's Content-Security-Policy forbids eval: Pixi's shader and uniform code then comes from here.
import 'pixi.js/unsafe-eval';
import { Container, Graphics, Sprite, Text, type Ticker } from 'pixi.js';
import { useCallback, useEffect, useRef } from 'react';
import { SceneController } from './controller';
import type { SceneModel } from './model';

extend({ Container, Graphics, Sprite, Text });

export default function PixiScene({ model }: { model: SceneModel }) {
  const host = useRef<HTMLDivElement>(null);
  return (
    <div ref={host} className="proj-scene__canvas">
      <Application
        resizeTo={host}
        backgroundAlpha={0}
        antialias={false}
        autoDensity
        resolution={Math.min(2, window.devicePixelRatio || 1)}
        preference="webgl"
        powerPreference="high-performance"
      >
        <Stage model={model} />
      </Application>
    </div>
  );
}

function Stage({ model }: { model: SceneModel }) {
  const { app } = useApplication();
  const root = useRef<Container>(null);
  const controller = useRef<SceneController | null>(null);
  const latest = useRef(model);
  latest.current = model;

  useEffect(() => {
    if (!root.current) return;
    const c = new SceneController(root.current);
    c.setModel(latest.current);
    controller.current = c;
    return () => {
      c.destroy();
      controller.current = null;
    };
  }, []);
  useEffect(() => {
    controller.current?.setModel(model);
  }, [model]);
  // Paused or blanked: no frame at all (a projector left on a blank screen should not heat the laptop).
  useEffect(() => {
    if (!app?.ticker) return;
    if (model.still) app.ticker.stop();
    else app.ticker.start();
  }, [app, model.still]);

  const tick = useCallback(
    (ticker: Ticker) => {
      const screen = app?.screen;
      if (screen) controller.current?.tick(ticker.deltaMS, screen.width, screen.height);
    },
    [app],
  );
  useTick(tick);

  return <pixiContainer ref={root} />;
}
