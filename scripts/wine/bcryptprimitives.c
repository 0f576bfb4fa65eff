/*
 * A stand-in for Windows' bcryptprimitives.dll, which Wine 8 (Debian
 * bookworm's) lacks: Go's runtime (1.22 and later) takes its random numbers
 * from ProcessPrng there and will not start without it. Used only to run the
 * test binaries under Wine (scripts/wine-setup.sh); real Windows has the DLL.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buf, ULONG len); /* RtlGenRandom, advapi32 */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
