/* SPDX-License-Identifier: MIT */
/* The few PKCS#11 (Cryptoki) v2.40 types, constants and the function-list
 * layout that src/keys/pkcs11.c uses, written from the OASIS base and
 * mechanisms specifications.  Layouts are the Unix ones (natural alignment, no
 * packing); CK_ULONG is the platform's unsigned long, as the standard says. */
#ifndef KC_KEYS_PKCS11_TYPES_H
#define KC_KEYS_PKCS11_TYPES_H

typedef unsigned char CK_BYTE;
typedef CK_BYTE CK_BBOOL;
typedef unsigned long CK_ULONG;
typedef CK_ULONG CK_RV;
typedef CK_ULONG CK_FLAGS;
typedef CK_ULONG CK_SLOT_ID;
typedef CK_ULONG CK_SESSION_HANDLE;
typedef CK_ULONG CK_OBJECT_HANDLE;
typedef CK_ULONG CK_USER_TYPE;
typedef CK_ULONG CK_MECHANISM_TYPE;
typedef CK_ULONG CK_ATTRIBUTE_TYPE;
typedef CK_ULONG CK_OBJECT_CLASS;
typedef CK_ULONG CK_KEY_TYPE;

typedef struct { CK_BYTE major, minor; } CK_VERSION;

typedef struct {
    CK_BYTE label[32], manufacturerID[32], model[16], serialNumber[16];
    CK_FLAGS flags;
    CK_ULONG ulMaxSessionCount, ulSessionCount, ulMaxRwSessionCount, ulRwSessionCount;
    CK_ULONG ulMaxPinLen, ulMinPinLen;
    CK_ULONG ulTotalPublicMemory, ulFreePublicMemory, ulTotalPrivateMemory, ulFreePrivateMemory;
    CK_VERSION hardwareVersion, firmwareVersion;
    CK_BYTE utcTime[16];
} CK_TOKEN_INFO;

typedef struct { CK_MECHANISM_TYPE mechanism; void *pParameter; CK_ULONG ulParameterLen; } CK_MECHANISM;
typedef struct { CK_ULONG ulMinKeySize, ulMaxKeySize; CK_FLAGS flags; } CK_MECHANISM_INFO;
typedef struct { CK_ATTRIBUTE_TYPE type; void *pValue; CK_ULONG ulValueLen; } CK_ATTRIBUTE;

typedef struct {
    CK_RV (*CreateMutex)(void **mutex);
    CK_RV (*DestroyMutex)(void *mutex);
    CK_RV (*LockMutex)(void *mutex);
    CK_RV (*UnlockMutex)(void *mutex);
    CK_FLAGS flags;
    void *pReserved;
} CK_C_INITIALIZE_ARGS;

/* A slot of the function list this code never calls: only its place matters. */
typedef CK_RV (*CK_UNUSED_FN)(void);

/* The v2.40 function list: the version, then 68 functions in the standard's order. */
typedef struct CK_FUNCTION_LIST {
    CK_VERSION version;
    CK_RV (*C_Initialize)(void *pInitArgs);
    CK_RV (*C_Finalize)(void *pReserved);
    CK_UNUSED_FN C_GetInfo;
    CK_RV (*C_GetFunctionList)(struct CK_FUNCTION_LIST **ppFunctionList);
    CK_RV (*C_GetSlotList)(CK_BBOOL tokenPresent, CK_SLOT_ID *pSlotList, CK_ULONG *pulCount);
    CK_UNUSED_FN C_GetSlotInfo;
    CK_RV (*C_GetTokenInfo)(CK_SLOT_ID slotID, CK_TOKEN_INFO *pInfo);
    CK_UNUSED_FN C_GetMechanismList;
    CK_RV (*C_GetMechanismInfo)(CK_SLOT_ID slotID, CK_MECHANISM_TYPE type, CK_MECHANISM_INFO *pInfo);
    CK_UNUSED_FN C_InitToken, C_InitPIN, C_SetPIN;
    CK_RV (*C_OpenSession)(CK_SLOT_ID slotID, CK_FLAGS flags, void *pApplication,
                           CK_RV (*Notify)(CK_SESSION_HANDLE, CK_ULONG, void *),
                           CK_SESSION_HANDLE *phSession);
    CK_RV (*C_CloseSession)(CK_SESSION_HANDLE hSession);
    CK_UNUSED_FN C_CloseAllSessions, C_GetSessionInfo, C_GetOperationState, C_SetOperationState;
    CK_RV (*C_Login)(CK_SESSION_HANDLE hSession, CK_USER_TYPE userType, CK_BYTE *pPin, CK_ULONG ulPinLen);
    CK_RV (*C_Logout)(CK_SESSION_HANDLE hSession);
    CK_RV (*C_CreateObject)(CK_SESSION_HANDLE hSession, CK_ATTRIBUTE *pTemplate, CK_ULONG ulCount,
                            CK_OBJECT_HANDLE *phObject);
    CK_UNUSED_FN C_CopyObject;
    CK_RV (*C_DestroyObject)(CK_SESSION_HANDLE hSession, CK_OBJECT_HANDLE hObject);
    CK_UNUSED_FN C_GetObjectSize;
    CK_RV (*C_GetAttributeValue)(CK_SESSION_HANDLE hSession, CK_OBJECT_HANDLE hObject,
                                 CK_ATTRIBUTE *pTemplate, CK_ULONG ulCount);
    CK_UNUSED_FN C_SetAttributeValue;
    CK_RV (*C_FindObjectsInit)(CK_SESSION_HANDLE hSession, CK_ATTRIBUTE *pTemplate, CK_ULONG ulCount);
    CK_RV (*C_FindObjects)(CK_SESSION_HANDLE hSession, CK_OBJECT_HANDLE *phObject, CK_ULONG ulMaxObjectCount,
                           CK_ULONG *pulObjectCount);
    CK_RV (*C_FindObjectsFinal)(CK_SESSION_HANDLE hSession);
    CK_UNUSED_FN C_EncryptInit, C_Encrypt, C_EncryptUpdate, C_EncryptFinal;
    CK_UNUSED_FN C_DecryptInit, C_Decrypt, C_DecryptUpdate, C_DecryptFinal;
    CK_UNUSED_FN C_DigestInit, C_Digest, C_DigestUpdate, C_DigestKey, C_DigestFinal;
    CK_UNUSED_FN C_SignInit, C_Sign, C_SignUpdate, C_SignFinal, C_SignRecoverInit, C_SignRecover;
    CK_UNUSED_FN C_VerifyInit, C_Verify, C_VerifyUpdate, C_VerifyFinal, C_VerifyRecoverInit, C_VerifyRecover;
    CK_UNUSED_FN C_DigestEncryptUpdate, C_DecryptDigestUpdate, C_SignEncryptUpdate, C_DecryptVerifyUpdate;
    CK_UNUSED_FN C_GenerateKey, C_GenerateKeyPair;
    CK_RV (*C_WrapKey)(CK_SESSION_HANDLE hSession, CK_MECHANISM *pMechanism, CK_OBJECT_HANDLE hWrappingKey,
                       CK_OBJECT_HANDLE hKey, CK_BYTE *pWrappedKey, CK_ULONG *pulWrappedKeyLen);
    CK_RV (*C_UnwrapKey)(CK_SESSION_HANDLE hSession, CK_MECHANISM *pMechanism, CK_OBJECT_HANDLE hUnwrappingKey,
                         CK_BYTE *pWrappedKey, CK_ULONG ulWrappedKeyLen, CK_ATTRIBUTE *pTemplate,
                         CK_ULONG ulAttributeCount, CK_OBJECT_HANDLE *phKey);
    CK_UNUSED_FN C_DeriveKey, C_SeedRandom, C_GenerateRandom, C_GetFunctionStatus, C_CancelFunction;
    CK_UNUSED_FN C_WaitForSlotEvent;
} CK_FUNCTION_LIST;

#define CK_TRUE  1
#define CK_FALSE 0

/* C_Initialize flags; session, token and mechanism flags. */
#define CKF_OS_LOCKING_OK        0x00000002UL
#define CKF_RW_SESSION           0x00000002UL
#define CKF_SERIAL_SESSION       0x00000004UL
#define CKF_TOKEN_INITIALIZED    0x00000400UL
#define CKF_WRAP                 0x00020000UL
#define CKF_UNWRAP               0x00040000UL

#define CKU_USER                 1UL
#define CKO_SECRET_KEY           4UL
#define CKK_GENERIC_SECRET       0x10UL
#define CKK_AES                  0x1FUL

#define CKA_CLASS                0x000UL
#define CKA_TOKEN                0x001UL
#define CKA_LABEL                0x003UL
#define CKA_VALUE                0x011UL
#define CKA_KEY_TYPE             0x100UL
#define CKA_ID                   0x102UL
#define CKA_SENSITIVE            0x103UL
#define CKA_ENCRYPT              0x104UL
#define CKA_DECRYPT              0x105UL
#define CKA_WRAP                 0x106UL
#define CKA_UNWRAP               0x107UL
#define CKA_VALUE_LEN            0x161UL
#define CKA_EXTRACTABLE          0x162UL

/* RFC 5649 / SP 800-38F KWP is CKM_AES_KEY_WRAP_PAD (0x210A) in v2.40; v3.0
 * renamed it CKM_AES_KEY_WRAP_KWP (0x210B) and gave 0x210A to KW over PKCS#7
 * padding, so a token that offers 0x210B is asked for that one. */
#define CKM_AES_KEY_WRAP_PAD     0x210AUL
#define CKM_AES_KEY_WRAP_KWP     0x210BUL

/* Return values (the ones given a name in messages; others print in hex). */
#define CKR_OK                               0x000UL
#define CKR_HOST_MEMORY                      0x002UL
#define CKR_SLOT_ID_INVALID                  0x003UL
#define CKR_GENERAL_ERROR                    0x005UL
#define CKR_FUNCTION_FAILED                  0x006UL
#define CKR_ARGUMENTS_BAD                    0x007UL
#define CKR_NEED_TO_CREATE_THREADS           0x009UL
#define CKR_CANT_LOCK                        0x00AUL
#define CKR_ATTRIBUTE_SENSITIVE              0x011UL
#define CKR_ATTRIBUTE_TYPE_INVALID           0x012UL
#define CKR_ATTRIBUTE_VALUE_INVALID          0x013UL
#define CKR_ACTION_PROHIBITED                0x01BUL
#define CKR_DATA_INVALID                     0x020UL
#define CKR_DATA_LEN_RANGE                   0x021UL
#define CKR_DEVICE_ERROR                     0x030UL
#define CKR_DEVICE_MEMORY                    0x031UL
#define CKR_DEVICE_REMOVED                   0x032UL
#define CKR_ENCRYPTED_DATA_INVALID           0x040UL
#define CKR_ENCRYPTED_DATA_LEN_RANGE         0x041UL
#define CKR_FUNCTION_NOT_SUPPORTED           0x054UL
#define CKR_KEY_HANDLE_INVALID               0x060UL
#define CKR_KEY_SIZE_RANGE                   0x062UL
#define CKR_KEY_TYPE_INCONSISTENT            0x063UL
#define CKR_KEY_FUNCTION_NOT_PERMITTED       0x068UL
#define CKR_KEY_NOT_WRAPPABLE                0x069UL
#define CKR_KEY_UNEXTRACTABLE                0x06AUL
#define CKR_MECHANISM_INVALID                0x070UL
#define CKR_MECHANISM_PARAM_INVALID          0x071UL
#define CKR_OBJECT_HANDLE_INVALID            0x082UL
#define CKR_OPERATION_ACTIVE                 0x090UL
#define CKR_PIN_INCORRECT                    0x0A0UL
#define CKR_PIN_INVALID                      0x0A1UL
#define CKR_PIN_LEN_RANGE                    0x0A2UL
#define CKR_PIN_EXPIRED                      0x0A3UL
#define CKR_PIN_LOCKED                       0x0A4UL
#define CKR_SESSION_COUNT                    0x0B1UL
#define CKR_SESSION_HANDLE_INVALID           0x0B3UL
#define CKR_SESSION_READ_ONLY                0x0B5UL
#define CKR_TEMPLATE_INCOMPLETE              0x0D0UL
#define CKR_TEMPLATE_INCONSISTENT            0x0D1UL
#define CKR_TOKEN_NOT_PRESENT                0x0E0UL
#define CKR_TOKEN_NOT_RECOGNIZED             0x0E1UL
#define CKR_UNWRAPPING_KEY_HANDLE_INVALID    0x0F0UL
#define CKR_UNWRAPPING_KEY_SIZE_RANGE        0x0F1UL
#define CKR_UNWRAPPING_KEY_TYPE_INCONSISTENT 0x0F2UL
#define CKR_USER_ALREADY_LOGGED_IN           0x100UL
#define CKR_USER_NOT_LOGGED_IN               0x101UL
#define CKR_USER_PIN_NOT_INITIALIZED         0x102UL
#define CKR_USER_TYPE_INVALID                0x103UL
#define CKR_USER_ANOTHER_ALREADY_LOGGED_IN   0x104UL
#define CKR_WRAPPED_KEY_INVALID              0x110UL
#define CKR_WRAPPED_KEY_LEN_RANGE            0x112UL
#define CKR_WRAPPING_KEY_HANDLE_INVALID      0x113UL
#define CKR_WRAPPING_KEY_SIZE_RANGE          0x114UL
#define CKR_WRAPPING_KEY_TYPE_INCONSISTENT   0x115UL
#define CKR_BUFFER_TOO_SMALL                 0x150UL
#define CKR_CRYPTOKI_NOT_INITIALIZED         0x190UL
#define CKR_CRYPTOKI_ALREADY_INITIALIZED     0x191UL
#define CKR_FUNCTION_REJECTED                0x200UL
#define CKR_VENDOR_DEFINED                   0x80000000UL

#endif
