/* SPDX-License-Identifier: MIT */
/* CTR_DRBG (src/modes/drbg*.c) and kc_random (src/modes/random.c):
 * NIST CAVP DRBGVS CTR_DRBG vectors (AES, df and no df, prediction
 * resistance, reseed, personalization and additional input: typed in
 * below as NIST published them; a whole CTR_DRBG.rsp is read too when
 * KC_DRBG_RSP names one) on every AES backend; every backend of ARIA and
 * LEA against its reference; the reseed counter; errors; a failing entropy
 * source; kc_random across threads and fork.  HMAC_DRBG and Hash_DRBG:
 * CAVP SHA-256 and SHA-512 vectors below, every backend of every hash
 * agreeing (tests/peer_drbg.c: every SHA-2 and AES variant against
 * OpenSSL).  LSH: no KCMVP LSH DRBG vectors are at hand; the mechanisms
 * are SP 800-90A's with LSH as the hash (seedlen 440 bits up to 256-bit
 * outputs, 888 above), checked here only backend against backend. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#if defined(__unix__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_FORK 1
#endif
#if defined(KC_HAVE_PTHREADS)
#include <pthread.h>
#endif

/* NIST CAVP drbgtestvectors, CTR_DRBG.rsp: COUNT 0 of groups of the
 * no_reseed, pr_false and pr_true sets (ReturnedBitsLen 512), and two of
 * an earlier release with ReturnedBitsLen 128. */
static const char nist[] =
    "[AES-128 no df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = ce50f33da5d4c1d3d4004eb35244b7f2cd7f2e5076fbf6780a7ff634b249a5fc\n"
    "Nonce = \nPersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 6545c0529d372443b392ceb3ae3a99a30f963eaf313280f1d1a1e87f9db373d361e75d18018266499cccd64d9bbb8de0185f213383080faddec46bae1f784e5a\n"
    "COUNT = 1\n"
    "EntropyInput = a385f70a4d450321dfd18d8379ef8e7736fee5fbf0a0aea53b76696094e8aa93\n"
    "Nonce = \nPersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 1a062553ab60457ed1f1c52f5aca5a3be564a27545358c112ed92c6eae2cb7597cfcc2e0a5dd81c5bfecc941da5e8152a9010d4845170734676c8c1b6b3073a5\n"
    "[AES-192 no df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = f1ef7eb311c850e189be229df7e6d68f1795aa8e21d93504e75abe78f041395873540386812a9a2a\n"
    "Nonce = \nPersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 6bb0aa5b4b97ee83765736ad0e9068dfef0ccfc93b71c1d3425302ef7ba4635ffc09981d262177e208a7ec90a557b6d76112d56c40893892c3034835036d7a69\n"
    "[AES-128 use df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = 890eb067acf7382eff80b0c73bc872c6\nNonce = aad471ef3ef1d203\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = a5514ed7095f64f3d0d3a5760394ab42062f373a25072a6ea6bcfd8489e94af6cf18659fea22ed1ca0a9e33f718b115ee536b12809c31b72b08ddd8be1910fa3\n"
    "[AES-192 use df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = c35c2fa2a89d52a11fa32aa96c95b8f1c9a8f9cb245a8b40\nNonce = f3a6e5a7fbd9d3c68e277ba9ac9bbb00\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 8c2e72abfd9bb8284db79e17a43a3146cd7694e35249fc3383914a7117f41368e6d4f148ff49bf29076b5015c59f457945662e3d3503843f4aa5a3df9a9df10d\n"
    "[AES-256 use df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = 36401940fa8b1fba91a1661f211d78a0b9389a74e5bccfece8d766af1a6d3b14\nNonce = 496f25b0f1301b4f501be30380a137eb\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 5862eb38bd558dd978a696e6df164782ddd887e7e9a6c9f3f1fbafb78941b535a64912dfd224c6dc7454e5250b3d97165e16260c2faf1cc7735cb75fb4f07e1d\n"
    "[AES-128 use df]\n[PredictionResistance = False]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = e796b728ec69cf79f97eaa2c06e7187f\nNonce = 3568f011c282c01d\n"
    "PersonalizationString = b5ae693192ff057e682a629b84b8feec\n"
    "EntropyInputReseed = 31c4db5713e08e4e8cfbf777b9621a04\nAdditionalInputReseed = b6997617e4e2c94d8a3bf3c61439a55e\n"
    "AdditionalInput = c3998f9edd938286d7fad2cc75963fdd\nAdditionalInput = 648fc7360ae27002e1aa77d85895b89e\n"
    "ReturnedBits = 6ce1eb64fdca9fd3b3ef61913cc1c214f93bca0e515d0514fa488d8af529f49892bb7cd7fbf584eb020fd8cb2af9e6dbfce8a8a3439be85d5cc4de7640b4ef7d\n"
    "COUNT = 1\n"
    "EntropyInput = 94a799a2c352bbc824921a75db0b1590\nNonce = f5fcd4cf35327dbe\n"
    "PersonalizationString = defffafd85c84735beaee87b3d226684\n"
    "EntropyInputReseed = e6950d5bd31c482b6d83c646d7bfab07\nAdditionalInputReseed = 903b9c0791794cf5c88248825422ab79\n"
    "AdditionalInput = 1d087bde28b66353e0261db4f99ac5f8\nAdditionalInput = 909a9f61a87a681d08441c261e33edae\n"
    "ReturnedBits = 551f8b6071e4a1bde59b606f8e3df033501c1e45a0f718b6bdf06a64fcef9cdaec65ba6089125ad0a25e617a03acc26a262fe4ef4b6460524cf6bf921108d5ff\n"
    "[AES-128 no df]\n[PredictionResistance = True]\n[ReturnedBitsLen = 512]\n"
    "COUNT = 0\n"
    "EntropyInput = 0bfde8b32c0adabd84e271d19b76cb9695e1f89a0813e63e7d9e6a0dd1691c55\nNonce = \n"
    "PersonalizationString = f345ffd4138ea0b41e1b87a678e24ad87c14fade68e703b359caaf2e269e7c58\n"
    "AdditionalInput = 68388f4c45c349f076c31ebb972c31d25895dfadf3a8d8c336afacf3e3108caf\n"
    "EntropyInputPR = 2a046cb477afd54271b0f5d6924c706c4043702a5657e99b884bbcd7ec6aa267\n"
    "AdditionalInput = c8a95bcab76358608db1f66ea8b4537f3dd870e38df41bcfdf41d73eb5901c93\n"
    "EntropyInputPR = d142dfb39b02511f933120a88c2fabb88e824a916c826b20f444c62e9d9af0b9\n"
    "ReturnedBits = eda204a7c51b29a79ca1a7148dae6445b4c7d830410de131c5c4a28e85c74a15c768167dac0bba1cacc3dffdb25312f9186fdfc9a6e570081f41c997ab829524\n"
    "COUNT = 1\n"
    "EntropyInput = 3ac67c4f1926bfe80e8ad2931b6e6f203589316b7ca152dd00fbd0681f231f58\nNonce = \n"
    "PersonalizationString = 6eedd4b2a1e41bfc470c790685f976d287a880f15f1ab893d87540d56772bdca\n"
    "AdditionalInput = ffff55b71b1ca8ad44b7d5011c1e685c88179783df0c555172f20189acdcb234\n"
    "EntropyInputPR = 8992b1092dc4e3db41f6ddabb1eb86d42c90c1ea9673646c6d69a8dc0cd9284f\n"
    "AdditionalInput = 7635a57b4f40add8fed1032e761a962c9fe2c6a9f01023884f502a0494c60f18\n"
    "EntropyInputPR = 9904cf4e3d810a2bec3a3009735e89a45a259eb372aa3da3ff0d53e2478b228b\n"
    "ReturnedBits = 8eeb30b024559e6c9cc3a6247f7d1184c11a5e6811a2dccebd6c3bedcceb8cb4eda156eaac309201a162ca2311b13c7fc05f0652b08507c2ce57c4bd819b4a2f\n"
    "[AES-256 use df]\n[PredictionResistance = True]\n[ReturnedBitsLen = 128]\n"
    "COUNT = 0\n"
    "EntropyInput = c18081a65d44021619b3f180b1c920026a546f0c7081498b6ea662526d51b1cb\n"
    "Nonce = d254fcff021e69d229c9cfad85fa486c\nPersonalizationString = \n"
    "AdditionalInput = \nEntropyInputPR = 583bfad5375ffbc9ff46d219c7223e95459d82e1e7229f633169d26b57474fa3\n"
    "AdditionalInput = \nEntropyInputPR = 37c9981c0bfb91314d55b9e91c5a5ee49392cfc52312d5562c4a6effdc10d068\n"
    "ReturnedBits = 34011656b429008f3563ecb5f2590723\n"
    "COUNT = 1\n"
    "EntropyInput = 82c80d922c47bbec0f664dd623e22a11a3b84d308351e45e30ee286e89547d22\n"
    "Nonce = 14051b57277bc3d3bbae51bdecfb9f5d\nPersonalizationString = \n"
    "AdditionalInput = b70e7c1c4b8e0f1770e05b29a93f9d7a6540f23ab84136b05b161d85e5f19251\n"
    "EntropyInputPR = c43e17b3ca0fa08f77eef1001ba696932e9ee890e7aac4661c138e5b5ce36773\n"
    "AdditionalInput = 5a737c128bd69f927f8f3ad68f93f6356d5f4ec0e36b6b50ced43dcd5c44dbc2\n"
    "EntropyInputPR = d3120c35f8c94e0a78ffbf407a63ca435392e17c07461522fdc1f63f037aacff\n"
    "ReturnedBits = a4e6c754194a09614994b36ecce33b55\n";

/* NIST CAVP drbgtestvectors, HMAC_DRBG.rsp and Hash_DRBG.rsp, [SHA-256],
 * ReturnedBitsLen 1024: COUNT 0 of groups of the no_reseed, pr_false and
 * pr_true sets (personalization, additional input, reseed, prediction
 * resistance). */
static const char nist_hmac[] =
    "[SHA-256]\n[PredictionResistance = False]\n[ReturnedBitsLen = 1024]\n"
    "COUNT = 0\n"
    "EntropyInput = ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488\nNonce = 659ba96c601dc69fc902940805ec0ca8\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89d54fbb978a15b5c443c9ec21036d2460b6f73ebad0dc2aba6e624abf07745bc107694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8\n"
    "COUNT = 1\n"
    "EntropyInput = 5d3286bc53a258a53ba781e2c4dcd79a790e43bbe0e89fb3eed39086be34174b\nNonce = c5422294b7318952ace7055ab7570abf\n"
    "PersonalizationString = 2dba094d008e150d51c4135bb2f03dcde9cbf3468a12908a1b025c120c985b9d\n"
    "AdditionalInput = 793a7ef8f6f0482beac542bb785c10f8b7b406a4de92667ab168ecc2cf7573c6\n"
    "AdditionalInput = 2238cdb4e23d629fe0c2a83dd8d5144ce1a6229ef41dabe2a99ff722e510b530\n"
    "ReturnedBits = d04678198ae7e1aeb435b45291458ffde0891560748b43330eaf866b5a6385e74c6fa5a5a44bdb284d436e98d244018d6acedcdfa2e9f499d8089e4db86ae89a6ab2d19cb705e2f048f97fb597f04106a1fa6a1416ad3d859118e079a0c319eb95686f4cbcce3b5101c7a0b010ef029c4ef6d06cdfac97efb9773891688c37cf\n"
    "COUNT = 2\n"
    "EntropyInput = 06032cd5eed33f39265f49ecb142c511da9aff2af71203bffaf34a9ca5bd9c0d\nNonce = 0e66f71edc43e42a45ad3c6fc6cdc4df\n"
    "PersonalizationString = \n"
    "EntropyInputReseed = 01920a4e669ed3a85ae8a33b35a74ad7fb2a6bb4cf395ce00334a9c9a5a5d552\nAdditionalInputReseed = \n"
    "AdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 76fc79fe9b50beccc991a11b5635783a83536add03c157fb30645e611c2898bb2b1bc215000209208cd506cb28da2a51bdb03826aaf2bd2335d576d519160842e7158ad0949d1a9ec3e66ea1b1a064b005de914eac2e9d4f2d72a8616a80225422918250ff66a41bd2f864a6a38cc5b6499dc43f7f2bd09e1e0f8f5885935124\n";

static const char nist_hash[] =
    "[SHA-256]\n[PredictionResistance = False]\n[ReturnedBitsLen = 1024]\n"
    "COUNT = 0\n"
    "EntropyInput = a65ad0f345db4e0effe875c3a2e71f42c7129d620ff5c119a9ef55f05185e0fb\nNonce = 8581f9317517276e06e9607ddbcbcc2e\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = d3e160c35b99f340b2628264d1751060e0045da383ff57a57d73a673d2b8d80daaf6a6c35a91bb4579d73fd0c8fed111b0391306828adfed528f018121b3febdc343e797b87dbb63db1333ded9d1ece177cfa6b71fe8ab1da46624ed6415e51ccde2c7ca86e283990eeaeb91120415528b2295910281b02dd431f4c9f70427df\n"
    "COUNT = 1\n"
    "EntropyInput = 68c43a008fe46a823d260a9d7fa388fb9e401f0197e7e758a744b4babb3f4651\nNonce = eb6825777856331884aaf3751b3e4006\n"
    "PersonalizationString = 23ce0d32cbf2d26467f0d62acff1a3acbaa6d2746dc3ee7aa9d32c880788afc8\n"
    "AdditionalInput = a31b9f13b58d4fa2f8d8ac42b62a207ff647339a146bd8b268b33d4aff57adbd\n"
    "AdditionalInput = d34fc6504eca4b568193c75357b0d3821a48c77ff80d6dbd21c6cf045ff489cf\n"
    "ReturnedBits = abb4ecbacd4e8fa943c7221aed433861c3b203232657ec4c417d021f905d911db1058ff1e11e272232482ec96bae7cb4efc135502dbe41724077077f6de79b713670c385d04644e1281c3e582e0016255abbe5f8c06d0de57160559f0c08f7fb5be3563c649966190f8d3261364447537de2c7371c6e8c308933d27145bf90ab\n"
    "COUNT = 2\n"
    "EntropyInput = 9cfb7ad03be487a3b42be06e9ae44f283c2b1458cec801da2ae6532fcb56cc4c\nNonce = a20765538e8db31295747ec922c13a69\n"
    "PersonalizationString = \n"
    "EntropyInputReseed = 96bc8014f90ebdf690db0e171b59cc46c75e2e9b8e1dc699c65c03ceb2f4d7dc\n"
    "AdditionalInputReseed = 6fea0894052dab3c44d503950c7c72bd7b87de87cb81d3bb51c32a62f742286d\n"
    "AdditionalInput = d3467c78563b74c13db7af36c2a964820f2a9b1b167474906508fdac9b2049a6\n"
    "AdditionalInput = 5840a11cc9ebf77b963854726a826370ffdb2fc2b3d8479e1df5dcfa3dddd10b\n"
    "ReturnedBits = 71c1154a2a7a3552413970bf698aa02f14f8ea95e861f801f463be27868b1b14b1b4babd9eba5915a6414ab1104c8979b1918f3094925aeab0d07d2037e613b63cbd4f79d9f95c84b47ed9b77230a57515c211f48f4af6f5edb2c308b33905db308cf88f552c8912c49b34e66c026e67b302ca65b187928a1aba9a49edbfe190\n"
    "[SHA-256]\n[PredictionResistance = True]\n[ReturnedBitsLen = 1024]\n"
    "COUNT = 0\n"
    "EntropyInput = e6cb69220ef01bb23f8879a508be049ec7e8dacb898e2ddb75cef6bcc5a84a3f\nNonce = 4429e3d890f2b6ef9a36f21286e9c885\n"
    "PersonalizationString = \n"
    "AdditionalInput = 46f518eabcf170eae6ab571432269e874dff27a66f2c2f792a695b4f68678e3c\n"
    "EntropyInputPR = aaecb8f54221c7176e2dd941625bf84eb79e9c53c8d1a5569a33dcb4c198e627\n"
    "AdditionalInput = 0aabce2b5bafc3314db0605d85b80edf9561a0e2e8d4e408d53f551cea6a558b\n"
    "EntropyInputPR = c72ef4489b151dbd6e8214887d3ddc48043e21a4ede40fe6f1ecbcd5f5641be5\n"
    "ReturnedBits = 8a5b386266528ee2d5e197f636748ea878508a1a0b805473f44cc60f8bddfc57387dc958ac51b3fabf077b8939d21c9424a663c5b0873c7977ca2ce447699a9e39e1ba5e51c6619127e9f18bb6abc2d1831d95bf34f4f81da6c79eda485944b4f7043e4639f6bc8855c1c017cbed40e3bca2eac4c45ebfc69f7a8189e76f51c7\n";

/* HMAC_DRBG.rsp and Hash_DRBG.rsp, [SHA-512], no_reseed set, ReturnedBitsLen
 * 2048: COUNT 0 without and with additional input. */
static const char nist_hmac512[] =
    "[SHA-512]\n[PredictionResistance = False]\n[ReturnedBitsLen = 2048]\n"
    "COUNT = 0\n"
    "EntropyInput = 35049f389a33c0ecb1293238fd951f8ffd517dfde06041d32945b3e26914ba15\nNonce = f7328760be6168e6aa9fb54784989a11\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = e76491b0260aacfded01ad39fbf1a66a88284caa5123368a2ad9330ee48335e3c9c9ba90e6cbc9429962d60c1a6661edcfaa31d972b8264b9d4562cf18494128a092c17a8da6f3113e8a7edfcd4427082bd390675e9662408144971717303d8dc352c9e8b95e7f35fa2ac9f549b292bc7c4bc7f01ee0a577859ef6e82d79ef23892d167c140d22aac32b64ccdfeee2730528a38763b24227f91ac3ffe47fb11538e435307e77481802b0f613f370ffb0dbeab774fe1efbb1a80d01154a9459e73ad361108bbc86b0914f095136cbe634555ce0bb263618dc5c367291ce0825518987154fe9ecb052b3f0a256fcc30cc14572531c9628973639beda456f2bddf6\n"
    "COUNT = 0\n"
    "EntropyInput = a3da06bc88e2f2ea5181292c194a10b3db38a11d02ac2f9c65951d0c71f63e36\nNonce = c74e5e3d7ba0193bcd6839e9ae93d70d\n"
    "PersonalizationString = \n"
    "AdditionalInput = dbb7270760d8d262557807ce746ff314fd06598143611ab69bfc7e10ca5784b3\n"
    "AdditionalInput = 8cdea882f894e5fdc5f0a0b16b7d9ac8cde35ed17bcaf2665564d4ee74059e29\n"
    "ReturnedBits = cb706b90e88380e5c1864458454027821b571dfeba0da83f712efb107b8752099514ef87b4488fbfa3508a00954bb03090766d2bbd399e71c86c7967a4e8ded57095a29d4cfa01f8d28c97e81a4cd4fc5be7fb32a0d6c230cb8760e656b74fa7e18e2063ebee5787958b272fc5de93f0d6837e55f0c360dc593c88fff30a428cae37ded52f825646e04133a19790c304e4b1f040e10439c5edf454e6f71b23eeb43cdbe7b0634b8e283a97806073f7f28a43de2d0d969b3eda380c185b785b9101dc905025c9cdb499e594de0f0d3eb41922c20994fe2c403dd5bf01e4b2c3ee6654d6ab9cca7d4d5ae59525a796119547eae6a3cbf8ad0e9b1de3c4d5a804e4\n";

static const char nist_hash512[] =
    "[SHA-512]\n[PredictionResistance = False]\n[ReturnedBitsLen = 2048]\n"
    "COUNT = 0\n"
    "EntropyInput = 6b50a7d8f8a55d7a3df8bb40bcc3b722d8708de67fda010b03c4c84d72096f8c\nNonce = 3ec649cc6256d9fa31db7a2904aaf025\n"
    "PersonalizationString = \nAdditionalInput = \nAdditionalInput = \n"
    "ReturnedBits = 95b7f17e9802d3577392c6a9c08083b67dd1292265b5f42d237f1c55bb9b10bfcfd82c77a378b8266a0099143b3c2d64611eeeb69acdc055957c139e8b190c7a06955f2c797c2778de940396a501f40e91396acf8d7e45ebdbb53bbf8c975230d2f0ff9106c76119ae498e7fbc03d90f8e4c51627aed5c8d4263d5d2b978873a0de596ee6dc7f7c29e37eee8b34c90dd1cf6a9ddb22b4cbd086b14b35de93da2d5cb1806698cbd7bbb67bfe3d31fd2d1dbd2a1e058a3eb99d7e51f1a938eed5e1c1de23a6b4345d3191409f92f39b3670d8dbfb635d8e6a36932d81033d1448d63b403ddf88e121b6e819ac381226c1321e4b08644f6727c368c5a9f7a4b3ee2\n"
    "COUNT = 0\n"
    "EntropyInput = 9c96a34f68689b8aa8d9c1f6cd0fa7c6f96071caf1bf5556f45bdbf48c6cf0c6\nNonce = 885c2539046afb1401eb7a5c84dbd9c2\n"
    "PersonalizationString = \n"
    "AdditionalInput = cb61c4f75c01b578aa233a0bae4881c0a11527c22fe7b34fb6ae62eebcfe6085\n"
    "AdditionalInput = c066fd2eb8e4aea2e7145eda0cfc8bef5eedcc367b1cb4de7eb2c2759fa75bf7\n"
    "ReturnedBits = 782c208ed58044e78b5bbbd8772a3caf25b47d36afeb0d3493c43e01cc66a0ca2faced2ab186bc46825d989cf8ee7c95f8c0b0d2b76e6c8590e72834d4c52445aeceeb7bf5f5d9ac44a12cbd3fa7f4462f856452dc4a929182d2388aa7635b9698a912585df7f560adc5080d53b82bbd7e9e480b00d1da5bb2d480cae2ba8c67d4bf3bfd146a91d6aab39faae1600af2ce3204cabf4c1caee4cfd5e6f8db1902033f7f8d33bc6e0e5d32a320ba735d091f30867b7cb7880c2e3ce6aada79664191df360d35fe9ae7babca41485b06ab49dff528782fbe6f2b0e74996e9ce9272d1ef392be5c17cc62c74be504e6a8731dd9548b0db27e0b7db4886f537883623\n";

/* An entropy source that hands out given strings in order and checks the
 * lengths asked for; or, with fail set, fails. */
typedef struct source {
    const uint8_t *item[8];
    size_t len[8], n, next, calls;
    int fail, bad_length;
} source;

static int from_source(void *arg, uint8_t *out, size_t len)
{
    source *s = arg;
    s->calls++;
    if (s->fail) return -1;
    if (s->next >= s->n || s->len[s->next] != len) { s->bad_length = 1; return -1; }
    memcpy(out, s->item[s->next++], len);
    return 0;
}

typedef struct vec {
    char name[32];
    unsigned flags;
    size_t out_len;
    uint8_t entropy[3][64], nonce[64], pers[64], reseed_entropy[64], reseed_add[64], add[2][64], want[256];
    long entropy_len[3], nonce_len, pers_len, reseed_len, reseed_add_len, add_len[2];
    int n_entropy, n_add, reseeds;
} vec;

static unsigned long vectors_run;

static void run_vector(const vec *v, int line)
{
    char cipher[24];   /* the cipher or hash under "ctr-drbg-", "hmac-drbg-", "hash-drbg-" */
    snprintf(cipher, sizeof cipher, "%s", v->name + (strncmp(v->name, "ctr-", 4) ? 10 : 9));
    for (size_t b = 0;; b++) {
        const char *be = tl_backend_at(cipher, b);
        if (!be) { if (kc_backend_count(cipher) <= b) break; continue; }
        source s = { .n = 0 };
        s.item[s.n] = v->entropy[0]; s.len[s.n++] = (size_t)v->entropy_len[0];
        if (v->reseeds) { s.item[s.n] = v->reseed_entropy; s.len[s.n++] = (size_t)v->reseed_len; }
        for (int i = 1; i < v->n_entropy; i++) { s.item[s.n] = v->entropy[i]; s.len[s.n++] = (size_t)v->entropy_len[i]; }
        kc_drbg *d;
        uint8_t out[256];
        kc_status st = kc_drbg_new(&d, v->name, be, v->flags, from_source, &s, v->nonce_len ? v->nonce : NULL,
                                   (size_t)v->nonce_len, v->pers, (size_t)v->pers_len);
        if (!tl_check_status(st, KC_OK, "line %d %s %s new", line, v->name, be)) continue;
        if (v->reseeds) tl_check_status(kc_drbg_reseed(d, v->reseed_add, (size_t)v->reseed_add_len), KC_OK, "line %d reseed", line);
        tl_check_status(kc_drbg_generate(d, out, v->out_len, v->add[0], (size_t)v->add_len[0]), KC_OK, "line %d gen 1", line);
        tl_check_status(kc_drbg_generate(d, out, v->out_len, v->add[1], (size_t)v->add_len[1]), KC_OK, "line %d gen 2", line);
        tl_check_bytes(out, v->want, v->out_len, "line %d %s %s", line, v->name, be);
        TL_CHECK(s.next == s.n && !s.bad_length, "line %d: entropy used %zu of %zu, lengths %s", line, s.next, s.n,
                 s.bad_length ? "wrong" : "right");
        kc_drbg_free(d);
    }
    vectors_run++;
}

/* CTR_DRBG.rsp text: groups "[AES-128 use df]" "[PredictionResistance = True]"
 * "[ReturnedBitsLen = 512]", then COUNT blocks (ReturnedBits ends one). */
static void rsp(const char *text, const char *mech)
{
    vec v;
    unsigned flags = 0;
    size_t out_len = 64;
    char name[32] = "", line[1024];
    int no = 0;
    memset(&v, 0, sizeof v);
    for (const char *p = text; *p; ) {
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), p);
        p += n + (p[n] == '\n');
        no++;
        char *eq = strchr(line, '=');
        const char *val = eq ? eq + 1 : "";
        if (line[0] == '[') {
            int bits;
            if (mech && !strncmp(line, "[SHA-", 5)) {   /* "[SHA-256]", "[SHA-512/256]" */
                snprintf(name, sizeof name, "%s-sha-%.*s", mech, (int)strcspn(line + 5, "]"), line + 5);
                if (strchr(name, '/')) *strchr(name, '/') = '-';
                flags = 0;
            } else if (sscanf(line, "[AES-%d", &bits) == 1) {
                snprintf(name, sizeof name, "ctr-drbg-aes-%d", bits);
                flags = strstr(line, "no df") ? KC_DRBG_NO_DF : 0;
            } else if (strstr(line, "PredictionResistance")) {
                flags = (flags & ~KC_DRBG_PREDICTION_RESISTANCE) | (strstr(line, "True") ? KC_DRBG_PREDICTION_RESISTANCE : 0);
            } else if (strstr(line, "ReturnedBitsLen")) {
                out_len = (size_t)strtoul(val, NULL, 10) / 8;
            }
            continue;
        }
        if (!strncmp(line, "COUNT", 5)) {
            memset(&v, 0, sizeof v);
            snprintf(v.name, sizeof v.name, "%s", name);
            v.flags = flags;
            v.out_len = out_len;
            continue;
        }
        if (!eq) continue;
        if (!strncmp(line, "EntropyInputReseed", 18)) { v.reseed_len = tl_unhex(val, v.reseed_entropy, 64); v.reseeds = 1; }
        else if (!strncmp(line, "EntropyInput", 12) && v.n_entropy < 3) {
            v.entropy_len[v.n_entropy] = tl_unhex(val, v.entropy[v.n_entropy], 64);
            v.n_entropy++;
        }
        else if (!strncmp(line, "Nonce", 5)) v.nonce_len = tl_unhex(val, v.nonce, 64);
        else if (!strncmp(line, "PersonalizationString", 21)) v.pers_len = tl_unhex(val, v.pers, 64);
        else if (!strncmp(line, "AdditionalInputReseed", 21)) v.reseed_add_len = tl_unhex(val, v.reseed_add, 64);
        else if (!strncmp(line, "AdditionalInput", 15) && v.n_add < 2) { v.add_len[v.n_add] = tl_unhex(val, v.add[v.n_add], 64); v.n_add++; }
        else if (!strncmp(line, "ReturnedBits", 12)) {
            long got = tl_unhex(val, v.want, sizeof v.want);
            if (TL_CHECK(name[0] && got == (long)v.out_len && v.n_entropy >= 1 && v.n_add == 2 && v.entropy_len[0] > 0,
                         "line %d: vector incomplete", no) && (strncmp(v.name, "ctr-", 4) || kc_cipher_find(v.name + 9)))
                run_vector(&v, no);
        }
    }
}

/* ---- every backend of a cipher gives the same bits ---- */
static int counter_source(void *arg, uint8_t *out, size_t len)
{
    unsigned *c = arg;
    for (size_t i = 0; i < len; i++) out[i] = (uint8_t)(*c * 31 + i);
    (*c)++;
    return 0;
}

static void backends(const char *name)
{
    int ctr = !strncmp(name, "ctr-", 4);
    const char *cipher = name + (ctr ? 9 : 10);
    uint8_t want[3][200], got[200], add[40];
    size_t lens[3] = { 200, 1, 33 };
    for (int i = 0; i < 40; i++) add[i] = (uint8_t)(7 * i);
    for (unsigned flags = 0; flags < 4; flags++) {
        int first = 1;
        if (!ctr && (flags & KC_DRBG_NO_DF)) continue;   /* only CTR_DRBG goes without df */
        for (size_t i = 0; i < kc_backend_count(cipher); i++) {
            const char *be = tl_backend_at(cipher, i);
            if (!be) continue;
            unsigned c = 0;
            kc_drbg *d;
            if (!tl_check_status(kc_drbg_new(&d, name, be, flags, counter_source, &c, NULL, 0, add, 5), KC_OK,
                                 "%s %s flags %u", name, be, flags)) continue;
            for (int k = 0; k < 3; k++) {
                tl_check_status(kc_drbg_generate(d, got, lens[k], add, k == 1 ? 32 : 0), KC_OK, "%s %s gen", name, be);
                if (first) memcpy(want[k], got, lens[k]);
                else tl_check_bytes(got, want[k], lens[k], "%s %s flags %u request %d", name, be, flags, k);
            }
            kc_drbg_free(d);
            first = 0;
        }
    }
}

/* ---- the reseed counter, prediction resistance, a failing source ---- */
static void counter_and_failures(void)
{
    unsigned c = 0;
    uint8_t a[32], b[32];
    kc_drbg *d, *e;
    if (!tl_check_status(kc_drbg_new(&d, "ctr-drbg-aria-256", NULL, 0, counter_source, &c, NULL, 0, NULL, 0), KC_OK, "aria"))
        return;
    TL_CHECK(c == 2, "instantiate: entropy and a nonce from the source (%u calls)", c);
    TL_CHECK(kc_drbg_strength(d) == 256, "strength %zu", kc_drbg_strength(d));
    tl_check_status(kc_drbg_set_reseed_interval(d, 3), KC_OK, "interval 3");
    tl_check_status(kc_drbg_set_reseed_interval(d, 0), KC_ERR_INPUT_TOO_LONG, "interval 0");
    tl_check_status(kc_drbg_set_reseed_interval(d, ((uint64_t)1 << 48) + 1), KC_ERR_INPUT_TOO_LONG, "interval 2^48 + 1");
    for (int i = 0; i < 3; i++) kc_drbg_generate(d, a, 32, NULL, 0);
    TL_CHECK(c == 2, "three requests within the interval: no reseed (%u calls)", c);
    kc_drbg_generate(d, a, 32, NULL, 0);
    TL_CHECK(c == 3, "the fourth request reseeds (%u calls)", c);
    tl_check_status(kc_drbg_generate(d, a, KC_DRBG_MAX_REQUEST + 1, NULL, 0), KC_ERR_INPUT_TOO_LONG, "request too long");
    uint8_t *big = malloc(KC_DRBG_MAX_REQUEST);
    if (big) tl_check_status(kc_drbg_generate(d, big, KC_DRBG_MAX_REQUEST, NULL, 0), KC_OK, "largest request");
    free(big);
    kc_drbg_free(d);

    /* prediction resistance: every request takes entropy */
    c = 0;
    if (tl_check_status(kc_drbg_new(&d, "ctr-drbg-lea-128", NULL, KC_DRBG_PREDICTION_RESISTANCE, counter_source, &c,
                                    (const uint8_t *)"nonce123", 8, NULL, 0), KC_OK, "lea pr")) {
        for (int i = 0; i < 4; i++) kc_drbg_generate(d, a, 16, NULL, 0);
        TL_CHECK(c == 5, "prediction resistance: one call per request (%u calls)", c);
        kc_drbg_free(d);
    }

    /* a failing source: KC_ERR_RANDOM, state untouched */
    source s1 = { .n = 0 }, s2 = { .n = 0 };
    static const uint8_t ent[48] = { 1, 2, 3 }, ent2[48] = { 9 };
    s1.item[0] = s2.item[0] = ent; s1.len[0] = s2.len[0] = 48; s1.n = s2.n = 1;
    s1.item[1] = s2.item[1] = ent2; s1.len[1] = s2.len[1] = 48; s1.n = s2.n = 2;
    kc_drbg_new(&d, "ctr-drbg-aes-256", NULL, KC_DRBG_NO_DF, from_source, &s1, NULL, 0, NULL, 0);
    kc_drbg_new(&e, "ctr-drbg-aes-256", NULL, KC_DRBG_NO_DF, from_source, &s2, NULL, 0, NULL, 0);
    if (TL_CHECK(d && e, "no-df DRBGs")) {
        s1.fail = 1;
        memset(a, 0x5a, sizeof a);
        tl_check_status(kc_drbg_reseed(d, NULL, 0), KC_ERR_RANDOM, "failing source: reseed");
        kc_drbg_set_reseed_interval(d, 1);
        kc_drbg_generate(d, a, 32, NULL, 0);   /* counter 1: no reseed yet */
        tl_check_status(kc_drbg_generate(d, a, 32, NULL, 0), KC_ERR_RANDOM, "failing source: automatic reseed");
        s1.fail = 0;
        kc_drbg_generate(e, b, 32, NULL, 0);
        tl_check_status(kc_drbg_generate(d, a, 32, NULL, 0), KC_OK, "source back: reseeds");
        kc_drbg_reseed(e, NULL, 0);
        kc_drbg_generate(e, b, 32, NULL, 0);
        tl_check_bytes(a, b, 32, "failed reseeds left the state as it was");
    }
    kc_drbg_free(d);
    kc_drbg_free(e);
    c = 0;
    source bad = { .fail = 1 };
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, 0, from_source, &bad, NULL, 0, NULL, 0), KC_ERR_RANDOM, "failing source: new");
    TL_CHECK(d == NULL, "nothing made");
}

static void errors(void)
{
    kc_drbg *d;
    uint8_t x[64] = { 0 };
    unsigned c = 0;
    tl_check_status(kc_drbg_new(&d, "aes-128", NULL, 0, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_WRONG_KIND, "aes-128");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-rc6-128", NULL, 0, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_UNKNOWN_CIPHER, "rc6");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-pipo-64-128", NULL, 0, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_UNKNOWN_CIPHER, "pipo");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, 4, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_BAD_MODE, "flags");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", "nope", 0, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_UNKNOWN_BACKEND, "backend");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, KC_DRBG_NO_DF, counter_source, &c, x, 8, NULL, 0),
                    KC_ERR_NONCE_LENGTH, "no df takes no nonce");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, KC_DRBG_NO_DF, counter_source, &c, NULL, 0, x, 33),
                    KC_ERR_INPUT_TOO_LONG, "no df: personalization above seedlen");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, KC_DRBG_NO_DF, counter_source, &c, NULL, 0, x, 32),
                    KC_OK, "no df: personalization of seedlen");
    tl_check_status(kc_drbg_generate(d, x, 16, x, 33), KC_ERR_INPUT_TOO_LONG, "no df: additional input above seedlen");
    tl_check_status(kc_drbg_generate(d, x, 16, NULL, 3), KC_ERR_NULL, "NULL additional input");
    tl_check_status(kc_drbg_generate(d, NULL, 16, NULL, 0), KC_ERR_NULL, "NULL out");
    tl_check_status(kc_drbg_generate(d, x, 0, NULL, 0), KC_OK, "empty request");
    kc_drbg_free(d);
    kc_drbg_free(NULL);
    tl_check_status(kc_drbg_new(NULL, "ctr-drbg-aes-128", NULL, 0, NULL, NULL, NULL, 0, NULL, 0), KC_ERR_NULL, "NULL out");
    tl_check_status(kc_drbg_new(&d, "ctr-drbg-aes-128", NULL, 0, counter_source, &c, NULL, 4, NULL, 0), KC_ERR_NULL, "NULL nonce");
}

/* ---- kc_random ---- */
#if defined(KC_HAVE_PTHREADS)
static void *worker(void *arg)
{
    uint8_t *out = arg;
    for (int i = 0; i < 200; i++)
        if (kc_random(out + 32 * (i % 4), 32) != KC_OK) return arg;
    return NULL;
}
#endif

static void random_front(void)
{
    uint8_t a[64], b[64], zero[64] = { 0 };
#if !(defined(__unix__) || defined(__APPLE__))
    tl_check_status(kc_random(a, sizeof a), KC_ERR_RANDOM, "bare metal: no OS source");
    tl_check_status(kc_entropy_os(NULL, a, sizeof a), KC_ERR_RANDOM, "bare metal: no OS source");
    printf("kc_random: no OS source here (bare metal), KC_ERR_RANDOM as documented\n");
    (void)b; (void)zero;
    return;
#endif
    tl_check_status(kc_entropy_os(NULL, a, sizeof a), KC_OK, "kc_entropy_os");
    tl_check_status(kc_random(a, sizeof a), KC_OK, "kc_random");
    tl_check_status(kc_random(b, sizeof b), KC_OK, "kc_random");
    TL_CHECK(memcmp(a, b, 64) && memcmp(a, zero, 64), "two outputs differ and are not zero");
    tl_check_status(kc_random(NULL, 1), KC_ERR_NULL, "NULL");
    tl_check_status(kc_random(NULL, 0), KC_OK, "nothing");
    size_t n = 3 * KC_DRBG_MAX_REQUEST + 5;
    uint8_t *big = calloc(1, n);
    if (big) {
        tl_check_status(kc_random(big, n), KC_OK, "a long request");
        TL_CHECK(memcmp(big + n - 64, zero, 64) != 0, "its end is written");
        free(big);
    }
#if defined(KC_HAVE_PTHREADS)
    pthread_t t[4];
    uint8_t outs[4][128];
    int started = 0;
    for (int i = 0; i < 4; i++) started += pthread_create(&t[i], NULL, worker, outs[i]) == 0;
    for (int i = 0; i < started; i++) {
        void *r;
        pthread_join(t[i], &r);
        TL_CHECK(r == NULL, "thread %d: kc_random failed", i);
    }
    for (int i = 1; i < started; i++) TL_CHECK(memcmp(outs[0], outs[i], 128) != 0, "threads got the same bytes");
    printf("kc_random: %d threads x 200 calls\n", started);
#endif
#if HAVE_FORK
    /* The child's first output must not be the parent's next one. */
    int fds[2];
    if (pipe(fds) == 0) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            uint8_t c[32];
            int ok = kc_random(c, 32) == KC_OK && write(fds[1], c, 32) == 32;
            _exit(ok ? 0 : 1);
        }
        uint8_t p[32], c[32];
        tl_check_status(kc_random(p, 32), KC_OK, "parent after fork");
        close(fds[1]);
        ssize_t got = pid > 0 ? read(fds[0], c, 32) : -1;
        int status = 0;
        if (pid > 0) waitpid(pid, &status, 0);
        close(fds[0]);
        if (TL_CHECK(got == 32 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "child's kc_random"))
            TL_CHECK(memcmp(p, c, 32) != 0, "a forked child repeats its parent's random bytes");
    }
#endif
}

int main(void)
{
    tl_seed(26);
    rsp(nist, NULL);
    rsp(nist_hmac, "hmac-drbg");
    rsp(nist_hash, "hash-drbg");
    rsp(nist_hmac512, "hmac-drbg");
    rsp(nist_hash512, "hash-drbg");
    const char *file = getenv("KC_DRBG_RSP");   /* NIST's CTR_DRBG.rsp (drbgtestvectors.zip), if at hand */
    if (file) {
        FILE *f = fopen(file, "rb");
        char *text = f ? calloc(1, 1 << 24) : NULL;
        if (TL_CHECK(text != NULL, "cannot read %s", file)) {
            text[fread(text, 1, (1 << 24) - 1, f)] = 0;
            rsp(text, getenv("KC_DRBG_MECH"));   /* "hmac-drbg", "hash-drbg" for those files */
        }
        free(text);
        if (f) fclose(f);
    }
    printf("%lu NIST DRBG vectors (CTR, HMAC, Hash), each on every backend of its cipher or hash\n", vectors_run);
    kc_name_info n;
    size_t names = 0;
    for (size_t i = 0; kc_name_at(i, &n) == KC_OK; i++)
        if (n.kind == KC_NAME_DRBG) { backends(n.name); names++; }
    printf("%zu DRBG names: every backend against the first, df and no df, with and without prediction resistance\n", names);
    counter_and_failures();
    errors();
    random_front();
    return tl_finish("drbg");
}
