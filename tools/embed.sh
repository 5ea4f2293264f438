#!/bin/sh
# Usage: embed.sh NAME FILE
# Prints a C header that defines the static string NAME holding FILE's text.
set -e
name=$1
file=$2
echo "/* Generated from $(basename "$file") by build/embed.sh; do not edit. */"
echo "static const char ${name}[] ="
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/	/\\t/g' -e 's/^/	"/' -e 's/$/\\n"/' "$file"
echo "	;"
