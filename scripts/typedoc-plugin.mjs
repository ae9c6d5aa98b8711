// A local TypeDoc plugin for `npm run docs`, loaded by typedoc.json after
// typedoc-plugin-missing-exports. It does two things.
//
// 1. Names the types of resource methods as written. TypeDoc converts a signature's types from the
// checker, which cannot recover an alias of a zod inference: `create(body: MessageCreateParams):
// APIPromise<Message>` would be shown with both types expanded into anonymous object literals. For
// methods declared under src/resources/, the annotations are converted from the source instead,
// so they link to `MessageCreateParams` and `Message`.
//
// 2. Drops the zod schemas behind exported types. `export type { Message }` exports the type
// only, but TypeDoc also documents the symbol's value (the `const Message = z.looseObject(…)` the
// type is inferred from) as a second `Message` whose type is `ZodMiniObject<…>`: noise, and a
// hint of a runtime export that does not exist. (The inferred types themselves carry `@interface`
// in src/, so TypeDoc lists their fields with the schema's doc comments.)
//
// 3. Prunes plumbing. typedoc-plugin-missing-exports documents the types users meet but cannot import (client.sms is an `Sms`, whose
// `messages` is a `Messages`, …) in an `<internal>` module. It collects them while converting,
// before TypeDoc drops `@internal` members, so it also brings in what only those members mention
// (PipelineConfig, Transport, SafeLogger, …): the pipeline's plumbing, which users never see.
// This plugin removes every reflection of an internal module that nothing public reaches,
// directly or through another kept internal, so the API reference shows the public surface only.
import { Converter, ReflectionKind, TypeScript as ts } from 'typedoc';

export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, declaration) => {
    if (declaration === undefined || !('parameters' in declaration)) return;
    if (!declaration.getSourceFile().fileName.includes('/src/resources/')) return;
    const scope = context.withScope(signature);
    // The expanded literals were registered as reflections; drop them with the type they made up.
    const reconvert = (old, node) => {
      dropInlineReflections(context.project, old);
      return context.converter.convertType(scope, node);
    };
    if (declaration.type !== undefined && ts.isTypeReferenceNode(declaration.type))
      signature.type = reconvert(signature.type, declaration.type);
    for (const parameter of signature.parameters ?? []) {
      const node = declaration.parameters.find(
        (p) => ts.isIdentifier(p.name) && p.name.text === parameter.name,
      );
      if (node?.type !== undefined && ts.isTypeReferenceNode(node.type))
        parameter.type = reconvert(parameter.type, node.type);
    }
  });

  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const project = context.project;
      const moduleName = app.options.getValue('internalModule');

      for (const reflection of project.getReflectionsByKind(ReflectionKind.TypeAlias)) {
        const type = reflection.type;
        if (type?.type === 'reference' && type.package === 'zod' && /^Zod/.test(type.name))
          project.removeReflection(reflection);
      }

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

function dropInlineReflections(project, type) {
  if (type === undefined || type === null) return;
  if (type.type === 'reflection') project.removeReflection(type.declaration);
  for (const inner of [...(type.typeArguments ?? []), ...(type.types ?? []), type.elementType])
    dropInlineReflections(project, inner);
}
