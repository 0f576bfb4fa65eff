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
#
# Runs on Windows PowerShell 5.1 (the one every Windows has) and PowerShell 7.
param(
    [string]$Dir = "",
    [string]$Version = "",
    [string]$Releases = ""
)

# Run by `irm ... | iex` the script has no path: exit would close the
# user's window, so a failure ends it with an error instead.
$SymposiumFromFile = [bool]$MyInvocation.MyCommand.Path

function Fail([string]$msg) {
    if ($SymposiumFromFile) {
        [Console]::Error.WriteLine("install.ps1: error: $msg")
        exit 1
    }
    throw "install.ps1: error: $msg"
}

function Say([string]$msg) { Write-Host "install.ps1: $msg" }

# Fetch URL FILE fails on an HTTP error or an unreachable server.
function Fetch([string]$url, [string]$file, [string]$base) {
    try {
        Invoke-WebRequest -UseBasicParsing -Uri $url -OutFile $file
    } catch {
        Fail "downloading $url failed (is $base reachable?): $($_.Exception.Message)"
    }
}

# Arch is the machine's: a 32-bit PowerShell on 64-bit Windows sees x86 in
# PROCESSOR_ARCHITECTURE and the real one in PROCESSOR_ARCHITEW6432.
function Arch {
    if ($PSVersionTable.PSVersion.Major -ge 6 -and -not $IsWindows) {
        Fail "install.ps1 is for Windows; on Linux and macOS use install.sh"
    }
    $a = $env:PROCESSOR_ARCHITEW6432
    if (-not $a) { $a = $env:PROCESSOR_ARCHITECTURE }
    switch ($a) {
        'AMD64' { return 'amd64' }
        'ARM64' { return 'arm64' }
    }
    Fail "no symposium release for $a; build it from source (make install)"
}

# Download fetches the release's checksums and archive into $tmp, checks
# the archive and unpacks it into $tmp\x; it returns that directory.
function Download([string]$release, [string]$archive, [string]$tmp, [string]$base) {
    $sums = Join-Path $tmp 'checksums.txt'
    $zip = Join-Path $tmp $archive
    Fetch "$release/checksums.txt" $sums $base
    Fetch "$release/$archive" $zip $base
    $want = $null
    foreach ($line in Get-Content $sums) {
        $f = $line.Trim() -split '\s+'
        if ($f.Count -ge 2 -and $f[1].TrimStart('*') -eq $archive) { $want = $f[0].ToLower(); break }
    }
    if (-not $want) { Fail "$release/checksums.txt has no checksum for $archive" }
    $got = (Get-FileHash -Algorithm SHA256 $zip).Hash.ToLower()
    if ($got -ne $want) {
        Fail "checksum mismatch for ${archive}: got $got, checksums.txt says $want; nothing installed (a corrupted or tampered download: try again, or report it)"
    }
    $x = Join-Path $tmp 'x'
    try {
        Expand-Archive -Path $zip -DestinationPath $x
    } catch {
        Fail "unpacking $archive failed: $($_.Exception.Message)"
    }
    return $x
}

# Replace stages the binaries beside the target (same volume), then moves
# each into place: an installed binary is always a whole one. A running
# binary cannot be overwritten on Windows but can be renamed, so the
# previous one is moved aside first; if a move fails, those already
# replaced go back.
function Replace([string]$x, [string]$dir, [string]$stage, [string[]]$binaries) {
    foreach ($b in $binaries) {
        try {
            Copy-Item (Join-Path $x "$b.exe") (Join-Path $stage "$b.exe")
        } catch {
            Fail "cannot write to ${dir}: $($_.Exception.Message)"
        }
    }
    $replaced = @()
    foreach ($b in $binaries) {
        $target = Join-Path $dir "$b.exe"
        $old = Join-Path $stage "$b.exe.old"
        try {
            if (Test-Path $target) { Move-Item -Force $target $old }
            Move-Item (Join-Path $stage "$b.exe") $target
            $replaced += $b
        } catch {
            $why = $_.Exception.Message
            foreach ($r in @($b) + $replaced) {
                $t = Join-Path $dir "$r.exe"
                $o = Join-Path $stage "$r.exe.old"
                if (Test-Path $o) {
                    Move-Item -Force $o $t -ErrorAction SilentlyContinue
                } elseif ($r -ne $b) {
                    Remove-Item -Force $t -ErrorAction SilentlyContinue
                }
            }
            Fail "cannot replace ${target} ($why); the previous binaries are back"
        }
    }
}

# PathAdvice says how to run it, adding $dir to the user's Path first if
# this session's PATH lacks it.
function PathAdvice([string]$dir) {
    $want = $dir.TrimEnd('\')
    $onPath = $false
    foreach ($p in $env:PATH -split ';') {
        if ($p.TrimEnd('\') -eq $want) { $onPath = $true }
    }
    if ($onPath) {
        Say 'run: cargo agents init'
        return
    }
    Say "$dir is not on your PATH: add it for your user with"
    Say "  [Environment]::SetEnvironmentVariable('Path', '$dir;' + [Environment]::GetEnvironmentVariable('Path', 'User'), 'User')"
    Say 'then open a new terminal and run: cargo agents init'
}

function Install-Symposium([string]$Dir, [string]$Version, [string]$Releases) {
    # Local to this function: an `iex` run leaves the session's own alone.
    $ErrorActionPreference = 'Stop'
    $ProgressPreference = 'SilentlyContinue'
    if ($PSVersionTable.PSVersion.Major -lt 6) {
        # Windows PowerShell's .NET may offer only TLS 1.0, which GitHub refuses.
        [Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
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
    $arch = Arch

    $tmp = Join-Path ([IO.Path]::GetTempPath()) ("symposium-" + [Guid]::NewGuid())
    New-Item -ItemType Directory -Path $tmp | Out-Null
    $stage = $null
    try {
        if (-not $Version) {
            Fetch "$Releases/latest/download/VERSION" (Join-Path $tmp 'VERSION') $Releases
            $Version = "$(Get-Content -Raw (Join-Path $tmp 'VERSION'))".Trim()
            if ($Version.TrimStart('v') -notmatch '^\d+\.\d+\.\d+') {
                Fail "$Releases/latest/download/VERSION says '$Version', not a version"
            }
        }
        $Version = $Version.TrimStart('v')
        if ($Version -notmatch '^\d+\.\d+\.\d+') { Fail "'$Version' is not a version" }

        $archive = "symposium_${Version}_windows_${arch}.zip"
        $release = "$Releases/download/v$Version"
        Say "installing symposium $Version (windows/$arch) from $release"
        $x = Download $release $archive $tmp $Releases
        foreach ($b in $binaries) {
            if (-not (Test-Path (Join-Path $x "$b.exe"))) { Fail "$archive has no $b.exe; nothing installed" }
        }
        try {
            & (Join-Path $x 'cargo-agents.exe') --version | Out-Null
        } catch {
            Fail "the downloaded cargo-agents.exe does not run on this machine ($($_.Exception.Message)); nothing installed"
        }
        if ($LASTEXITCODE -ne 0) { Fail "the downloaded cargo-agents.exe does not run on this machine; nothing installed" }

        try {
            New-Item -ItemType Directory -Force -Path $Dir | Out-Null
            $stage = Join-Path $Dir (".symposium-update-" + [Guid]::NewGuid().ToString('N').Substring(0, 8))
            New-Item -ItemType Directory -Path $stage | Out-Null
        } catch {
            Fail "cannot write to $Dir (choose another with -Dir): $($_.Exception.Message)"
        }
        Replace $x $Dir $stage $binaries

        $installed = & (Join-Path $Dir 'cargo-agents.exe') --version
        Say "installed $installed into $Dir"
        PathAdvice $Dir
    } finally {
        Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $tmp
        # A binary that was running when it was replaced stays locked, and
        # its .old copy with it, until it exits. Stages over an hour old are
        # such leftovers (self-update sweeps them the same way).
        if ($stage) { Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $stage }
        $hourAgo = (Get-Date).AddHours(-1)
        Get-ChildItem -Force -Directory -ErrorAction SilentlyContinue -Path $Dir -Filter '.symposium-update-*' |
            Where-Object { $_.LastWriteTime -lt $hourAgo } |
            Remove-Item -Recurse -Force -ErrorAction SilentlyContinue
    }
}

Install-Symposium -Dir $Dir -Version $Version -Releases $Releases
