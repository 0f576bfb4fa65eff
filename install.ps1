# Installs symposium (`cargo agents` and the five sym-* binaries) on Windows
# from a release: downloads the archive for this machine, checks it against
# the release's checksums.txt, and puts the six binaries into
# $env:CARGO_HOME\bin (default ~\.cargo\bin, on every Rust user's PATH) or
# -Dir DIR.
#
#   irm https://github.com/symposium-dev/symposium-go/releases/latest/download/install.ps1 | iex
#   .\install.ps1 [-Dir DIR] [-Version VERSION] [-Releases URL]
#
# -Releases (or $env:SYMPOSIUM_RELEASES) is the release base URL: the newest
# version is <base>/latest/download/VERSION, a release's files are
# <base>/download/v<version>/<file> (docs/release.md). Nothing is installed
# unless every binary arrived whole and matched its checksum.
param(
    [string]$Dir = "",
    [string]$Version = "",
    [string]$Releases = ""
)
$ErrorActionPreference = 'Stop'
$ProgressPreference = 'SilentlyContinue'

function Fail([string]$msg) {
    Write-Error "install.ps1: error: $msg" -ErrorAction Continue
    exit 1
}

if (-not $Releases) { $Releases = $env:SYMPOSIUM_RELEASES }
if (-not $Releases) { $Releases = 'https://github.com/symposium-dev/symposium-go/releases' }
$Releases = $Releases.TrimEnd('/')
if (-not $Dir) {
    $cargoHome = $env:CARGO_HOME
    if (-not $cargoHome) { $cargoHome = Join-Path $HOME '.cargo' }
    $Dir = Join-Path $cargoHome 'bin'
}
$binaries = @('cargo-agents', 'sym-deps', 'sym-match', 'sym-install', 'sym-hook', 'sym-translate')

switch ($env:PROCESSOR_ARCHITECTURE) {
    'AMD64' { $arch = 'amd64' }
    'ARM64' { $arch = 'arm64' }
    default { Fail "no symposium release for $($env:PROCESSOR_ARCHITECTURE); build it from source" }
}

function Fetch([string]$url, [string]$file) {
    try {
        Invoke-WebRequest -UseBasicParsing -Uri $url -OutFile $file
    } catch {
        Fail "downloading $url failed (is $Releases reachable?): $($_.Exception.Message)"
    }
}

$tmp = Join-Path ([IO.Path]::GetTempPath()) ("symposium-" + [Guid]::NewGuid())
New-Item -ItemType Directory -Path $tmp | Out-Null
$stage = $null
try {
    if (-not $Version) {
        Fetch "$Releases/latest/download/VERSION" (Join-Path $tmp 'VERSION')
        $Version = (Get-Content -Raw (Join-Path $tmp 'VERSION')).Trim()
    }
    $Version = $Version.TrimStart('v')
    if ($Version -notmatch '^\d+\.\d+\.\d+') { Fail "'$Version' is not a version" }

    $archive = "symposium_${Version}_windows_${arch}.zip"
    $release = "$Releases/download/v$Version"
    Write-Host "install.ps1: installing symposium $Version (windows/$arch) from $release"
    Fetch "$release/checksums.txt" (Join-Path $tmp 'checksums.txt')
    Fetch "$release/$archive" (Join-Path $tmp $archive)
    $want = $null
    foreach ($line in Get-Content (Join-Path $tmp 'checksums.txt')) {
        $f = $line -split '\s+'
        if ($f.Count -ge 2 -and $f[1].TrimStart('*') -eq $archive) { $want = $f[0].ToLower(); break }
    }
    if (-not $want) { Fail "$release/checksums.txt has no checksum for $archive" }
    $got = (Get-FileHash -Algorithm SHA256 (Join-Path $tmp $archive)).Hash.ToLower()
    if ($got -ne $want) {
        Fail "checksum mismatch for ${archive}: got $got, checksums.txt says $want; nothing installed (a corrupted or tampered download: try again, or report it)"
    }

    $x = Join-Path $tmp 'x'
    Expand-Archive -Path (Join-Path $tmp $archive) -DestinationPath $x
    foreach ($b in $binaries) {
        if (-not (Test-Path (Join-Path $x "$b.exe"))) { Fail "$archive has no $b.exe; nothing installed" }
    }

    # Stage beside the target (same volume), then move each binary into
    # place. A running binary cannot be overwritten on Windows but can be
    # renamed: the old one is moved aside first.
    New-Item -ItemType Directory -Force -Path $Dir | Out-Null
    $stage = Join-Path $Dir (".symposium-update-" + [Guid]::NewGuid().ToString('N').Substring(0, 8))
    New-Item -ItemType Directory -Path $stage | Out-Null
    foreach ($b in $binaries) { Copy-Item (Join-Path $x "$b.exe") (Join-Path $stage "$b.exe") }
    foreach ($b in $binaries) {
        $target = Join-Path $Dir "$b.exe"
        if (Test-Path $target) { Move-Item -Force $target (Join-Path $stage "$b.exe.old") }
        Move-Item (Join-Path $stage "$b.exe") $target
    }
    $installed = & (Join-Path $Dir 'cargo-agents.exe') --version
    Write-Host "install.ps1: installed $installed into $Dir"
    $onPath = ($env:PATH -split ';') -contains $Dir
    if ($onPath) {
        Write-Host 'install.ps1: run: cargo agents init'
    } else {
        Write-Host "install.ps1: $Dir is not on your PATH: add it, then run: cargo agents init"
    }
} finally {
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $tmp
    if ($stage) { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $stage }
}
