#!/usr/bin/env python3
"""A pwalk-shaped CSV of file-system metadata, seeded and deterministic.

  python3 bench/research/gen.py --rows 1000000 --seed 1 -o out.csv

The columns are pwalk's (https://github.com/fizwit/filesystem-reporting-tools,
as in the researcher's workflow of Dirk Petersen's article "Researchers, please
replace SQLite with DuckDB now", 4 November 2023):

  inode, parent-inode, directory-depth, "filename", "fileExtension", UID,
  GID, st_size, st_dev, st_blocks, st_nlink, "st_mode", st_atime, st_mtime,
  st_ctime, pw_fcount, pw_dirsum

written as pwalk writes them: the header line, then one line per directory
followed by one per file in it; filename is the full path and quoted (a
quote inside doubled), fileExtension quoted (empty for a directory or a
file without one), st_mode an octal number with leading zeros, quoted
("0100644"); pw_fcount is the number of files of a directory and -1 for a
file, pw_dirsum the bytes of a directory's files and 0 for a file.

What the data is like:
- a directory tree under /data/dept of about rows/20 directories, users'
  home directories, projects, runs, up to depth 12; miniconda trees too;
- 40 extensions with weights and per-extension size distributions
  (log-normal: .py files of kilobytes, .bam files of gigabytes), so sizes
  span from 0 to about 10^11 bytes; about 4% of files have no extension;
- names drawn from small vocabularies (README.md, sample_012.fq.gz,
  run3.bam, ...), so a name repeats in many directories; about 3% of files
  are copies of an earlier file (same name, size and mtime in another
  directory), large files more often than small ones: what the duplicate
  search finds (it looks at files above 1 MiB only);
- a few names with a comma, a quote, a space or non-ASCII UTF-8 letters;
- UIDs and GIDs of 60 users in 12 groups; times of 2015-2023.
Python's random.Random(seed) drives everything, so a seed gives the same
file on every machine with the same Python major version.
"""
import argparse, math, os, random, sys

EXTS = [  # (extension, weight, median bytes, sigma of log-size)
    ('gz', 9, 40e6, 2.5), ('bam', 3, 3e9, 1.2), ('czi', 1.5, 2e9, 1.0), ('fq', 2, 1.5e9, 1.5),
    ('sam', 1, 4e9, 1.2), ('tif', 4, 30e6, 1.8), ('txt', 8, 8e3, 2.5), ('py', 7, 6e3, 1.3),
    ('csv', 6, 200e3, 3.0), ('h5', 1.5, 500e6, 2.0), ('json', 4, 4e3, 2.0), ('log', 5, 50e3, 2.5),
    ('png', 5, 300e3, 1.5), ('jpg', 3, 2e6, 1.2), ('pdf', 2, 1e6, 1.5), ('R', 2, 5e3, 1.2),
    ('sh', 3, 2e3, 1.0), ('c', 1.5, 20e3, 1.5), ('h', 1.5, 8e3, 1.3), ('o', 1, 60e3, 1.5),
    ('so', 1, 2e6, 1.8), ('nc', 0.8, 800e6, 1.5), ('vcf', 1, 300e6, 2.0), ('bai', 1, 5e6, 1.0),
    ('tar', 0.6, 5e9, 1.8), ('zip', 0.8, 100e6, 2.0), ('ipynb', 2, 300e3, 1.5), ('md', 2, 3e3, 1.2),
    ('html', 1.5, 30e3, 1.5), ('yaml', 1.5, 1e3, 1.0), ('pyc', 4, 10e3, 1.0), ('mat', 0.7, 50e6, 2.0),
    ('npy', 1, 80e6, 2.0), ('fasta', 0.8, 100e6, 2.5), ('bed', 0.8, 10e6, 2.0), ('xlsx', 1, 200e3, 1.5),
    ('docx', 1, 100e3, 1.2), ('mp4', 0.3, 500e6, 1.5), ('nii', 0.5, 50e6, 1.0), ('', 4, 20e3, 3.0),
]
STEMS = ['README', 'data', 'sample', 'run', 'results', 'output', 'test', 'config', 'model', 'analysis',
         'image', 'reads', 'aligned', 'counts', 'notes', 'report', 'main', 'utils', 'setup', 'index',
         'plot', 'figure', 'table', 'summary', 'metadata', 'checkpoint', 'batch', 'scan', 'cells', 'trace']
ODD = ['report, final', 'my "best" run', 'Müller data', 'résumé', 'naïve bayes', 'data 2020', 'ñandú', 'Ångström']
DIRS = ['src', 'data', 'raw', 'processed', 'results', 'scripts', 'figures', 'logs', 'tmp', 'archive',
        'analysis', 'notebooks', 'ref', 'genome', 'align', 'qc', 'models', 'images', 'batch', 'old']
T0, T1 = 1420070400, 1703980800   # 2015-01-01 .. 2023-12-31


def quote(s):
    return '"' + s.replace('"', '""') + '"'


def generate(rows, seed, out):
    rnd = random.Random(seed)
    weights = [e[1] for e in EXTS]
    cum, t = [], 0.0
    for w in weights:
        t += w
        cum.append(t)
    users = [(1000 + i, 100 + i % 12) for i in range(60)]
    inode = [1000]
    nrows = [0]
    copies = []            # (name, ext, size, mtime) of files others may copy

    def next_inode():
        inode[0] += rnd.randint(1, 40)
        return inode[0]

    out.write('inode,parent-inode,directory-depth,"filename","fileExtension",UID,GID,st_size,st_dev,'
              'st_blocks,st_nlink,"st_mode",st_atime,st_mtime,st_ctime,pw_fcount,pw_dirsum\n')
    # Directories: a queue of (path, inode, parent inode, depth, uid, gid).
    root = next_inode()
    queue = [('/data/dept', root, 2, 0, 0, 0)]
    qi = 0
    while nrows[0] < rows:
        if qi >= len(queue):
            # Start another top-level project when the tree is exhausted.
            uid, gid = rnd.choice(users)
            queue.append(('/data/dept/proj%d' % len(queue), next_inode(), root, 1, uid, gid))
        path, ino, parent, depth, uid, gid = queue[qi]
        qi += 1
        if depth == 1 and uid == 0:
            uid, gid = rnd.choice(users)
        # This directory's files, then its row, then theirs.
        nfiles = 0 if depth == 0 else int(rnd.paretovariate(1.3) * 6) - 3
        nfiles = max(0, min(nfiles, 4000, rows - nrows[0] - 1))
        files = []
        for _ in range(nfiles):
            if copies and rnd.random() < 0.03:
                name, ext, size, mtime = rnd.choice(copies)
            else:
                x = rnd.random() * t
                k = 0
                while cum[k] < x:
                    k += 1
                ext, _, medb, sig = EXTS[k]
                r = rnd.random()
                if r < 0.01:
                    stem = rnd.choice(ODD)
                elif r < 0.5:
                    stem = '%s_%03d' % (rnd.choice(STEMS), rnd.randint(0, 120))
                else:
                    stem = rnd.choice(STEMS) + str(rnd.randint(0, 9))
                if ext == 'gz':
                    name = stem + rnd.choice(['.fq.gz', '.tar.gz', '.csv.gz', '.vcf.gz', '.gz'])
                else:
                    name = stem + ('.' + ext if ext else '')
                size = 0 if rnd.random() < 0.02 else int(math.exp(rnd.gauss(math.log(medb), sig)))
                size = min(size, 400 * 10**9)
                mtime = rnd.randint(T0, T1)
                if rnd.random() < (0.2 if size > 1 << 20 else 0.02):
                    copies.append((name, ext, size, mtime))
                    if len(copies) > 5000:
                        copies.pop(rnd.randrange(len(copies)))
            files.append((name, ext, size, mtime))
        dirsum = sum(f[2] for f in files)
        ndirs = 0
        if depth < 12:
            ndirs = rnd.choice([0, 0, 1, 1, 2, 2, 3, 4, 6]) if depth > 1 else rnd.randint(4, 12)
            if 'miniconda' not in path and depth == 2 and rnd.random() < 0.15:
                queue.append((path + '/miniconda%d' % rnd.choice([2, 3]), next_inode(), ino, depth + 1, uid, gid))
        mt = rnd.randint(T0, T1)
        out.write('%d,%d,%d,%s,"",%d,%d,4096,64770,8,%d,"0040755",%d,%d,%d,%d,%d\n' % (
            ino, parent, depth, quote(path), uid, gid, 2 + ndirs, mt + rnd.randint(0, 10**6), mt, mt,
            len(files), dirsum))
        nrows[0] += 1
        for name, ext, size, mtime in files:
            mode = '0100755' if ext in ('sh', 'so', '') and rnd.random() < 0.5 else '0100644'
            out.write('%d,%d,%d,%s,%s,%d,%d,%d,64770,%d,1,"%s",%d,%d,%d,-1,0\n' % (
                next_inode(), ino, depth + 1, quote(path + '/' + name), quote(ext), uid, gid, size,
                (size + 4095) // 4096 * 8, mode, mtime + rnd.randint(0, 3 * 10**7), mtime,
                mtime + rnd.randint(0, 1000)))
            nrows[0] += 1
        for j in range(ndirs):
            sub = rnd.choice(DIRS) + ('' if rnd.random() < 0.5 else str(j))
            if depth == 0:
                sub = 'user%02d' % j
            queue.append((path + '/' + sub, next_inode(), ino, depth + 1, uid, gid))
    return nrows[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--rows', type=int, default=1000000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('-o', '--output', required=True)
    a = ap.parse_args()
    if a.rows < 1:
        sys.stderr.write('bench/research: --rows must be at least 1 (got %d)\n' % a.rows)
        sys.exit(2)
    tmp = a.output + '.tmp'
    with open(tmp, 'w', encoding='utf-8', newline='') as f:
        n = generate(a.rows, a.seed, f)
    os.rename(tmp, a.output)
    sys.stderr.write('bench/research: %d rows written to %s\n' % (n, a.output))


if __name__ == '__main__':
    main()
