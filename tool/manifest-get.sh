#!/bin/sh
# Print one value of the upstream pin in ./manifest:  tool/manifest-get.sh KEY [MANIFEST]
key=$1
file=${2:-$(dirname "$0")/../manifest}
v=$(awk -v k="$key" '$1==k {print $2; exit}' "$file")
if [ -z "$v" ]; then
  echo "lipsqlite: manifest $file has no '$key' entry" >&2
  exit 1
fi
printf '%s\n' "$v"
