-- The researcher's queries (Dirk Petersen, "Researchers, please replace SQLite with DuckDB now", 2023)
-- on the pwalk table meta_table, in SQL that SQLite and DuckDB both run
-- unchanged.  bench/research/run.py splits this file at the "-- Rn name"
-- lines.

-- R1 count
SELECT count(*) FROM meta_table;

-- R2 sum
SELECT sum(st_size) FROM meta_table;

-- R3 extension-summary
-- The paper's query: share and GiB of each extension above 0.1 % of all bytes.
WITH TotalSize AS (SELECT sum(st_size) AS totalSize FROM meta_table)
SELECT fileExtension AS fileExt,
       round((sum(st_size) * 100.0 / totalSize), 1) AS pct,
       round((sum(st_size) / (1024.0 * 1024.0 * 1024.0)), 3) AS GiB
FROM meta_table, TotalSize
GROUP BY fileExtension, totalSize
HAVING (sum(st_size) * 100.0 / totalSize) > 0.1
ORDER BY pct DESC
LIMIT 6;

-- R4 duplicates
-- Files of more than 1 MiB with the same name (the path's last part),
-- mtime and size, outside miniconda trees.  The name is taken with
-- rtrim()/replace(), which both systems have.
SELECT replace(filename, rtrim(filename, replace(filename, '/', '')), '') AS name,
       st_mtime, st_size, count(*) AS duplicates_count
FROM meta_table
WHERE filename NOT LIKE '%/miniconda3/%'
  AND filename NOT LIKE '%/miniconda2/%'
  AND st_size > 1024*1024
GROUP BY name, st_mtime, st_size
HAVING count(*) > 1
ORDER BY duplicates_count DESC, st_size DESC, name;

-- R5 biggest-directories
-- The ten directories whose files hold the most bytes, with their paths.
SELECT d.filename, f.files, f.bytes
FROM (SELECT "parent-inode" AS dir, count(*) AS files, sum(st_size) AS bytes
      FROM meta_table WHERE pw_fcount = -1
      GROUP BY "parent-inode") AS f
JOIN meta_table AS d ON d.inode = f.dir
ORDER BY f.bytes DESC, d.filename
LIMIT 10;

-- R6 files-per-directory
-- Files per parent directory (one group per directory), the busiest ten.
SELECT "parent-inode", count(*) AS n
FROM meta_table
GROUP BY "parent-inode"
ORDER BY n DESC, "parent-inode"
LIMIT 10;
