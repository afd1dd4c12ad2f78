export { parseTaskRecord, readTaskFolder, listTaskDirs } from './read';
