#!/bin/sh
# Print one value of the upstream pin in ./manifest:  tool/manifest-get.sh KEY [MANIFEST]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
key=$1
file=${2:-$(dirname "$0")/../manifest}
v=$(awk -v k="$key" '$1==k {print $2; exit}' "$file")
[ -n "$v" ] || die "manifest $file has no '$key' entry"
printf '%s\n' "$v"
