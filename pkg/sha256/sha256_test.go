package sha256

import (
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"testing"
)

var _ hash.Hash = New()

// TestKnownAnswers: FIPS 180-4's examples and the empty input.
func TestKnownAnswers(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	}
	for _, tc := range tests {
		sum := Sum256([]byte(tc.in))
		if got := hex.EncodeToString(sum[:]); got != tc.want {
			t.Errorf("Sum256(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestSameAsCrypto: every length around the block and padding edges, and
// random inputs written in random pieces, give crypto/sha256's digest;
// Sum leaves the hash as it was, and Reset starts over.
func TestSameAsCrypto(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 1000)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	for n := 0; n <= 300; n++ {
		if got, want := Sum256(data[:n]), stdsha256.Sum256(data[:n]); got != want {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
	}
	d := New()
	for round := 0; round < 50; round++ {
		d.Reset()
		n := rng.IntN(len(data))
		for rest := data[:n]; len(rest) > 0; {
			c := min(rng.IntN(100)+1, len(rest))
			d.Write(rest[:c])
			rest = rest[c:]
			d.Sum(nil) // must not disturb the running hash
		}
		want := stdsha256.Sum256(data[:n])
		if got := d.Sum(nil); string(got) != string(want[:]) {
			t.Fatalf("round %d (%d bytes in pieces): %x, want %x", round, n, got, want)
		}
	}
}
