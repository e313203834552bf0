#!/usr/bin/env bash
# Voice notes are checked and made playable by ffmpeg (Debian's package; docs/decisions/0052-voice-notes.md), and
# their tests make real recordings with it. On a fresh Debian machine run as root, this installs it; elsewhere it says
# what to do.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ffmpeg for voice notes..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq ffmpeg >/dev/null
  exit 0
fi
echo "ffmpeg not found. Install it (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)." >&2
exit 1
