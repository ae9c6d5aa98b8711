// A local TypeDoc plugin for `npm run docs`, loaded by typedoc.json after
// typedoc-plugin-missing-exports. It prunes plumbing: typedoc-plugin-missing-exports documents the
// types users meet but cannot import (client.sms is an `Sms`, whose `messages` is a `Messages`, …)
// in an `<internal>` module. It collects them while converting, before TypeDoc drops `@internal`
// members, so it also brings in what only those members mention (Transport, TransportContext,
// SafeLogger, …): the pipeline's plumbing, which users never see. This plugin removes every
// reflection of an internal module that nothing public reaches, directly or through another kept
// internal, so the API reference shows the public surface only. (Resource types are written
// interfaces, so TypeDoc names them in signatures by itself.)
import { Converter } from 'typedoc';

export function load(app) {
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const project = context.project;
      const moduleName = app.options.getValue('internalModule');

      const tree = app.serializer.projectToObject(project, process.cwd());

      const candidates = new Map(); // internal child id -> ids it references
      const owner = new Map(); // id of any reflection inside a candidate -> the candidate's id
      const internalModules = [];
      const rootRefs = new Set();

      const collect = (node, refs, unit) => {
        if (node === null || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach((n) => collect(n, refs, unit));
        if (typeof node.id === 'number' && unit !== undefined) owner.set(node.id, unit);
        if (node.type === 'reference' && typeof node.target === 'number') refs.add(node.target);
        for (const value of Object.values(node))
          if (value !== null && typeof value === 'object') collect(value, refs, unit);
      };
      const walk = (node) => {
        const internal = node.name === moduleName && Array.isArray(node.children);
        if (internal) {
          internalModules.push(node.id);
          for (const child of node.children) {
            const refs = new Set();
            collect(child, refs, child.id);
            candidates.set(child.id, refs);
          }
          return;
        }
        const { children, ...rest } = node;
        collect(rest, rootRefs, undefined);
        for (const child of children ?? []) walk(child);
      };
      walk(tree);

      const kept = new Set();
      const queue = [...rootRefs];
      while (queue.length > 0) {
        const id = owner.get(queue.pop());
        if (id === undefined || kept.has(id)) continue;
        kept.add(id);
        queue.push(...(candidates.get(id) ?? []));
      }
      for (const id of candidates.keys()) {
        if (kept.has(id)) continue;
        const reflection = project.getReflectionById(id);
        if (reflection) project.removeReflection(reflection);
      }
      for (const id of internalModules) {
        const module = project.getReflectionById(id);
        if (module && !(module.children?.length > 0)) project.removeReflection(module);
      }
    },
    -100,
  );
}
