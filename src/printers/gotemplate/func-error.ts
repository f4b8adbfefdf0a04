/** An error a template function returned (or a panic it raised): the executor reports `error calling NAME: ...`. */
export class FuncError extends Error {}
