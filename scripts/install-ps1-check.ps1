# install-ps1-check.ps1 -Dist DIR: runs install.ps1 against a release
# `make dist` built into DIR, served on 127.0.0.1 the way GitHub Releases
# lays one out, under Windows PowerShell 5.1 and PowerShell 7 (the windows
# CI job; nothing here runs PowerShell). Needs python (its http.server).
#
# Checks: a fresh install from a file and by `irm | iex` (CARGO_HOME,
# SYMPOSIUM_RELEASES), then `cargo-agents --version`; a tampered checksum,
# a server that is down and a locked binary each fail and leave the target
# as it was; a failure under iex does not end the caller's session.
param([Parameter(Mandatory = $true)][string]$Dist)
$ErrorActionPreference = 'Continue'
$Dist = (Resolve-Path $Dist).Path
$script:fails = 0
$repo = Split-Path -Parent $PSScriptRoot
$ps1 = Join-Path $repo 'install.ps1'
$version = (Get-Content -Raw (Join-Path $Dist 'VERSION')).Trim()
$work = Join-Path ([IO.Path]::GetTempPath()) ('install-ps1-check-' + [Guid]::NewGuid().ToString('N'))
$binaries = @('cargo-agents', 'sym-deps', 'sym-match', 'sym-install', 'sym-hook', 'sym-translate')

function Check([bool]$ok, [string]$what, [string]$out) {
    if ($ok) {
        Write-Host "ok   $what"
    } else {
        Write-Host "FAIL $what"
        if ($out) { Write-Host $out }
        $script:fails++
    }
}

# Feed DIR TAMPER: <DIR>/latest/download/{VERSION,install.ps1} and
# <DIR>/download/v<version>/<asset>; with TAMPER, checksums.txt gives
# the windows archives a hash of zeros.
function Feed([string]$dir, [bool]$tamper) {
    $rel = Join-Path $dir "download\v$version"
    $latest = Join-Path $dir 'latest\download'
    New-Item -ItemType Directory -Force -Path $rel, $latest | Out-Null
    Get-ChildItem -File $Dist | Copy-Item -Destination $rel
    Copy-Item $ps1 $rel
    Copy-Item (Join-Path $Dist 'VERSION'), $ps1 $latest
    if ($tamper) {
        $sums = Join-Path $rel 'checksums.txt'
        $lines = Get-Content $sums | ForEach-Object {
            if ($_ -match '_windows_') { ('0' * 64) + '  ' + ($_ -split '\s+')[1] } else { $_ }
        }
        Set-Content -Path $sums -Value $lines
    }
}

# Serve DIR PORT starts python's http.server on 127.0.0.1 and waits until
# it answers.
function Serve([string]$dir, [int]$port) {
    $log = Join-Path $work "http-$port.log"
    $p = Start-Process -PassThru -NoNewWindow -RedirectStandardError $log -FilePath python -ArgumentList @('-m', 'http.server', "$port", '--bind', '127.0.0.1', '--directory', $dir)
    for ($i = 0; $i -lt 100; $i++) {
        try {
            Invoke-WebRequest -UseBasicParsing "http://127.0.0.1:$port/latest/download/VERSION" | Out-Null
            return $p
        } catch {
            Start-Sleep -Milliseconds 200
        }
    }
    throw "http.server on port $port did not start"
}

# Run SHELL ARGS runs install.ps1 (or a command) in a new PowerShell
# process; it returns its exit code and output.
function Run([string]$shell, [string[]]$arguments) {
    $out = & $shell -NoProfile -ExecutionPolicy Bypass @arguments 2>&1 | Out-String
    return @{ Code = $LASTEXITCODE; Out = $out }
}

function Installed([string]$dir) {
    foreach ($b in $binaries) {
        if (-not (Test-Path (Join-Path $dir "$b.exe"))) { return $false }
    }
    $v = & (Join-Path $dir 'cargo-agents.exe') --version
    return ("$v" -match [regex]::Escape("cargo-agents $version"))
}

function Leftovers([string]$dir) {
    return @(Get-ChildItem -Force -ErrorAction SilentlyContinue -Path $dir -Filter '.symposium-update-*').Count
}

New-Item -ItemType Directory -Path $work | Out-Null
Feed (Join-Path $work 'good') $false
Feed (Join-Path $work 'bad') $true
$servers = @((Serve (Join-Path $work 'good') 8765), (Serve (Join-Path $work 'bad') 8766))
$good = 'http://127.0.0.1:8765'
$bad = 'http://127.0.0.1:8766'
try {
    # Fresh install from a file, Windows PowerShell 5.1.
    $bin = Join-Path $work 'bin'
    $r = Run 'powershell' @('-File', $ps1, '-Releases', $good, '-Dir', $bin)
    Check ($r.Code -eq 0 -and (Installed $bin) -and (Leftovers $bin) -eq 0) "powershell 5.1: install.ps1 -Dir installs $version" $r.Out
    Check ($r.Out -match 'not on your PATH') 'powershell 5.1: says the directory is not on PATH' $r.Out

    # Again over it, PowerShell 7, -Version given.
    $r = Run 'pwsh' @('-File', $ps1, '-Releases', $good, '-Dir', $bin, '-Version', "v$version")
    Check ($r.Code -eq 0 -and (Installed $bin) -and (Leftovers $bin) -eq 0) "pwsh: install.ps1 -Version v$version over an install" $r.Out

    # The README's way: irm | iex, into $env:CARGO_HOME\bin.
    foreach ($shell in @('powershell', 'pwsh')) {
        $env:CARGO_HOME = Join-Path $work "cargo-$shell"
        $env:SYMPOSIUM_RELEASES = $good
        $r = Run $shell @('-Command', "irm $good/latest/download/install.ps1 | iex")
        Check ($r.Code -eq 0 -and (Installed (Join-Path $env:CARGO_HOME 'bin'))) "${shell}: irm | iex installs into CARGO_HOME\bin" $r.Out
        # A failure under iex throws: the caller's session goes on.
        $env:SYMPOSIUM_RELEASES = $bad
        $r = Run $shell @('-Command', "try { irm $good/latest/download/install.ps1 | iex } catch { 'caught: ' + `$_ }; 'session still here'")
        Check ($r.Out -match 'caught: .*checksum mismatch' -and $r.Out -match 'session still here') "${shell}: a failure under iex leaves the session" $r.Out
    }
    Remove-Item 'Env:\CARGO_HOME', 'Env:\SYMPOSIUM_RELEASES'

    # A tampered checksum: refused, nothing written.
    $fresh = Join-Path $work 'fresh-bad'
    $r = Run 'powershell' @('-File', $ps1, '-Releases', $bad, '-Dir', $fresh)
    Check ($r.Code -ne 0 -and $r.Out -match 'checksum mismatch' -and -not (Test-Path $fresh)) 'tampered checksum: refused, nothing installed' $r.Out

    # The server is down.
    $r = Run 'powershell' @('-File', $ps1, '-Releases', 'http://127.0.0.1:9', '-Dir', $fresh)
    Check ($r.Code -ne 0 -and $r.Out -match 'reachable' -and -not (Test-Path $fresh)) 'server down: a clear error, nothing installed' $r.Out

    # A locked binary midway: the ones already replaced go back.
    $locked = Join-Path $work 'locked'
    New-Item -ItemType Directory -Path $locked | Out-Null
    foreach ($b in $binaries) { Set-Content -Path (Join-Path $locked "$b.exe") -Value "old $b" }
    $handle = [IO.File]::Open((Join-Path $locked 'sym-install.exe'), 'Open', 'Read', 'None')
    try {
        $r = Run 'powershell' @('-File', $ps1, '-Releases', $good, '-Dir', $locked)
    } finally {
        $handle.Close()
    }
    $same = $true
    foreach ($b in $binaries) {
        if ((Get-Content -Raw (Join-Path $locked "$b.exe")).Trim() -ne "old $b") { $same = $false }
    }
    Check ($r.Code -ne 0 -and $r.Out -match 'previous binaries are back' -and $same) 'locked binary: fails and puts the previous binaries back' $r.Out
} finally {
    foreach ($p in $servers) { Stop-Process -Id $p.Id -ErrorAction SilentlyContinue }
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $work
}
if ($script:fails -gt 0) {
    Write-Host "$($script:fails) check(s) failed"
    exit 1
}
# The expected failures above leave $LASTEXITCODE set; this run passed.
exit 0
