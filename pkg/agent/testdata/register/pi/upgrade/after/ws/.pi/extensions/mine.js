// my own extension
export default function (pi) {}
