export const userEndpoints = [];
